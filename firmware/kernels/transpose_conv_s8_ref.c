/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV, int8, reference: the gather of rvfw_transpose_conv.h, then TFLite Micro's
 * per-channel requantisation; the filter offset a legacy uint8 layer's weights carry, 0 otherwise. */
#include "rvfw_kernels.h"
#include "rvfw_transpose_conv.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_transpose_conv_s8_ref(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                int8_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in = input + b * p->in_h * p->in_w * p->in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                int8_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * p->out_c;
                for (int32_t oc = 0; oc < p->out_c; ++oc) {
                    int32_t acc = 0;
#define STEP_S8(x, w) acc += ((x) + p->input_offset) * ((w) + p->filter_offset)
                    RVFW_TRANSPOSE_CONV_GATHER(p, in, filter, oy, ox, oc, int8_t, int8_t, STEP_S8);
                    if (bias)
                        acc += bias[oc];
                    out[oc] = RVFW_OUTPUT_S8(p, acc, output_multiplier[oc], output_shift[oc]);
                }
            }
        }
    }
}
