/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED, float32, reference: each output the dot product in input order, plus the bias,
 * then the clamp (TFLite Micro's float kernel). */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_fully_connected_f32_ref(const rvfw_fc_params *p, const float *input, const float *weights,
                                  const float *bias, const float *act, float *output)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t o = 0; o < p->out_depth; ++o) {
            float total = 0.0f;
            const float *x = input + b * p->accum_depth, *w = weights + o * p->accum_depth;
            for (int32_t d = 0; d < p->accum_depth; ++d)
                total += x[d] * w[d];
            output[b * p->out_depth + o] = rvfw_clamp_f32(total + (bias ? bias[o] : 0.0f), act);
        }
}
