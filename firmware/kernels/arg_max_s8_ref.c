/* ARG_MAX, int8: per (outer, inner) position the index along the axis of the first
 * largest value, stored as int32 or int64 (index_bytes). */
#include "rvfw_kernels.h"

void rvfw_arg_max_s8_ref(const rvfw_arg_params *p, const int8_t *input, void *output)
{
    for (int32_t o = 0; o < p->outer; ++o) {
        for (int32_t i = 0; i < p->inner; ++i) {
            const int8_t *x = input + o * p->axis_size * p->inner + i;
            int8_t best = x[0];
            int32_t index = 0;
            for (int32_t k = 1; k < p->axis_size; ++k) {
                if (x[k * p->inner] > best) {
                    best = x[k * p->inner];
                    index = k;
                }
            }
            rvfw_store_index(p, output, o * p->inner + i, index);
        }
    }
}
