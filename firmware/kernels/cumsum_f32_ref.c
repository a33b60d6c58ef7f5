/* SPDX-License-Identifier: Apache-2.0 */
/* CUMSUM, float32: per row along the axis an accumulator from 0, the elements added in the axis's
 * order (or reversed), each output the sum before (exclusive) or after adding its element
 * (TFLite's CumSum). */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_cumsum_f32_ref(const rvfw_cumsum_params *p, const float *input, float *output)
{
    for (int32_t o = 0; o < p->outer; ++o) {
        for (int32_t i = 0; i < p->inner; ++i) {
            float sum = 0.0f;
            for (int32_t j = 0; j < p->axis_size; ++j) {
                const int32_t k = p->reverse ? p->axis_size - 1 - j : j;
                const int32_t at = (o * p->axis_size + k) * p->inner + i;
                if (p->exclusive) {
                    output[at] = sum;
                    sum += input[at];
                } else {
                    sum += input[at];
                    output[at] = sum;
                }
            }
        }
    }
}
