/* SPDX-License-Identifier: Apache-2.0 */
/* CUMSUM, int8: TFLite Micro's quantized CumSum. Per row along the axis the sum starts at the
 * rescaled input offset; each element adds its rescaled value; each output is the sum before
 * (exclusive) or after adding its element, rescaled to the output (rvfw_scaled_sum.h). */
#include "rvfw_scaled_sum.h"

RVFW_KERNEL void rvfw_cumsum_s8_ref(const rvfw_cumsum_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t o = 0; o < p->outer; ++o) {
        for (int32_t i = 0; i < p->inner; ++i) {
            int32_t sum = rvfw_scaled_start(&p->q);
            for (int32_t j = 0; j < p->axis_size; ++j) {
                const int32_t k = p->reverse ? p->axis_size - 1 - j : j;
                const int32_t at = (o * p->axis_size + k) * p->inner + i;
                const int32_t term = rvfw_scaled_term(&p->q, input[at]);
                if (p->exclusive) {
                    output[at] = rvfw_scaled_output(&p->q, sum);
                    sum += term;
                } else {
                    sum += term;
                    output[at] = rvfw_scaled_output(&p->q, sum);
                }
            }
        }
    }
}
