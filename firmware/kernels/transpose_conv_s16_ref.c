/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV 16x8, reference: the gather of rvfw_transpose_conv.h with int16 inputs, a 64-bit accumulator
 * and int64 bias (an int32 one TFLite Micro reads as int64: refused), then TFLite Micro's 64-bit
 * requantisation per channel and the int16 clamp. */
#include "rvfw_kernels.h"
#include "rvfw_transpose_conv.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_transpose_conv_s16_ref(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                 const int64_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                 int16_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const int16_t *in = input + b * p->in_h * p->in_w * p->in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                int16_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * p->out_c;
                for (int32_t oc = 0; oc < p->out_c; ++oc) {
                    int64_t acc = 0;
#define STEP_S16(x, w) acc += (int32_t)(x) * (w)
                    RVFW_TRANSPOSE_CONV_GATHER(p, in, filter, oy, ox, oc, int16_t, int8_t, STEP_S16);
                    if (bias)
                        acc += bias[oc];
                    const int32_t v = rvfw_requantize64(acc, output_multiplier[oc], output_shift[oc]);
                    out[oc] = (int16_t)rvfw_clamp(v, p->output_activation_min, p->output_activation_max);
                }
            }
        }
    }
}
