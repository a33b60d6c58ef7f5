/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 16x8, fast scalar. With a filter row's taps one column apart (dilation 1 across), the
 * taps of a window row inside the input and their input channels are one contiguous run of input
 * and of weights (OHWI): one dot product per window row, the row's columns clipped to the input
 * once, summed in exact 32-bit runs carried across the rows (rvfw_acc16) into the 64-bit total
 * (rvfw_s16_scalar.h). Other dilations go tap by tap. Bit-exact with the reference. */
#include "rvfw_band.h"
#include "rvfw_s16_scalar.h"

RVFW_KERNEL void rvfw_conv2d_s16_scalar(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter, const void *bias,
                            const int32_t *output_multiplier, const int32_t *output_shift, int16_t *output)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, k_h = p->k_h, k_w = p->k_w, dil_w = p->dilation_w;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox, output += out_c) {
                const int32_t y0 = oy * p->stride_h - p->pad_h, x0 = ox * p->stride_w - p->pad_w;
                int32_t kx0 = 0, kx1 = k_w; /* the columns inside the input, for dilation 1 */
                if (dil_w == 1)
                    rvfw_window(x0, k_w, p->in_w, &kx0, &kx1);
                for (int32_t oc = 0; oc < out_c; ++oc) {
                    rvfw_acc16 acc = {0, 0, 0};
                    for (int32_t ky = 0; ky < k_h; ++ky) {
                        const int32_t iy = y0 + ky * p->dilation_h;
                        if (iy < 0 || iy >= p->in_h)
                            continue;
                        const int16_t *row = input + ((b * p->in_h + iy) * p->in_w) * in_c;
                        const int8_t *w = filter + (oc * k_h + ky) * k_w * in_c;
                        if (dil_w == 1) {
                            if (kx1 > kx0)
                                rvfw_acc16_dot(&acc, row + (x0 + kx0) * in_c, w + kx0 * in_c, (kx1 - kx0) * in_c);
                            continue;
                        }
                        for (int32_t kx = 0; kx < k_w; ++kx) {
                            const int32_t ix = x0 + kx * dil_w;
                            if (ix >= 0 && ix < p->in_w)
                                rvfw_acc16_dot(&acc, row + ix * in_c, w + kx * in_c, in_c);
                        }
                    }
                    output[oc] = rvfw_output_s16(acc.total + acc.run, bias, oc, p->acc32, output_multiplier[oc], output_shift[oc], 0,
                                                 p->output_activation_min, p->output_activation_max);
                }
            }
}
