/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 1x1, stride 1, no padding, writing its output over its input (the `small` memory mode).
 * Pixels go forward when the layer narrows the channels and backward when it widens them, so
 * no unread input pixel is overwritten; each pixel's input is first copied to scratch (in_c bytes). */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_conv2d_1x1_inplace_s8_ref(const rvfw_conv_params *p, int8_t *data, const int8_t *filter, const int32_t *bias,
                                    const int32_t *output_multiplier, const int32_t *output_shift, int8_t *scratch)
{
    const int32_t pixels = p->batches * p->in_h * p->in_w, in_c = p->in_c, out_c = p->out_c;
    const int backward = out_c > in_c;
    for (int32_t n = 0; n < pixels; ++n) {
        const int32_t px = backward ? pixels - 1 - n : n;
        for (int32_t ic = 0; ic < in_c; ++ic)
            scratch[ic] = data[px * in_c + ic];
        for (int32_t oc = 0; oc < out_c; ++oc) {
            const int8_t *f = filter + oc * in_c;
            int32_t acc = bias ? bias[oc] : 0;
            for (int32_t ic = 0; ic < in_c; ++ic)
                acc += f[ic] * (scratch[ic] + p->input_offset);
            data[px * out_c + oc] = RVFW_OUTPUT_S8(p, acc, output_multiplier[oc], output_shift[oc]);
        }
    }
}
