/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV, float32, reference: the gather of rvfw_transpose_conv.h (taps walked backwards:
 * TFLite Micro's order of float additions) from 0.0f, then the bias and the clamp. */
#include "rvfw_kernels.h"
#include "rvfw_transpose_conv.h"

RVFW_KERNEL void rvfw_transpose_conv_f32_ref(const rvfw_conv_params *p, const float *input, const float *filter, const float *bias,
                                 const float *act, float *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const float *in = input + b * p->in_h * p->in_w * p->in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                float *out = output + ((b * p->out_h + oy) * p->out_w + ox) * p->out_c;
                for (int32_t oc = 0; oc < p->out_c; ++oc) {
                    float total = 0.0f;
#define STEP_F32(x, w) total += (x) * (w)
                    RVFW_TRANSPOSE_CONV_GATHER(p, in, filter, oy, ox, oc, float, float, STEP_F32);
                    if (bias)
                        total += bias[oc];
                    out[oc] = rvfw_clamp_f32(total, act);
                }
            }
    }
}
