/* SPDX-License-Identifier: Apache-2.0 */
/* ARG_MAX and ARG_MIN, int8: per (outer, inner) position the index along the axis of the first
 * largest (is_max) or smallest value, stored as int32 or int64 (index_bytes). */
#include "rvfw_kernels.h"

void rvfw_arg_minmax_s8_ref(const rvfw_arg_params *p, const int8_t *input, void *output)
{
    for (int32_t o = 0; o < p->outer; ++o) {
        for (int32_t i = 0; i < p->inner; ++i) {
            const int8_t *x = input + o * p->axis_size * p->inner + i;
            int8_t best = x[0];
            int32_t index = 0;
            for (int32_t k = 1; k < p->axis_size; ++k) {
                const int8_t v = x[k * p->inner];
                if (p->is_max ? v > best : v < best) {
                    best = v;
                    index = k;
                }
            }
            if (p->index_bytes == 8)
                ((int64_t *)output)[o * p->inner + i] = index;
            else
                ((int32_t *)output)[o * p->inner + i] = index;
        }
    }
}
