/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 16x8, fast scalar: per output, each window tap inside the input is a contiguous run of
 * input channels summed in 32-bit arithmetic (rvfw_s16_scalar.h) into the 64-bit total, the
 * taps' rows and columns clipped to the input once per output pixel. Bit-exact with the
 * reference. */
#include "rvfw_s16_scalar.h"

void rvfw_conv2d_s16_scalar(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter, const void *bias,
                            const int32_t *output_multiplier, const int32_t *output_shift, int16_t *output)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, k_h = p->k_h, k_w = p->k_w;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox, output += out_c) {
                const int32_t y0 = oy * p->stride_h - p->pad_h, x0 = ox * p->stride_w - p->pad_w;
                for (int32_t oc = 0; oc < out_c; ++oc) {
                    int64_t acc = 0;
                    for (int32_t ky = 0; ky < k_h; ++ky) {
                        const int32_t iy = y0 + ky * p->dilation_h;
                        if (iy < 0 || iy >= p->in_h)
                            continue;
                        for (int32_t kx = 0; kx < k_w; ++kx) {
                            const int32_t ix = x0 + kx * p->dilation_w;
                            if (ix < 0 || ix >= p->in_w)
                                continue;
                            acc += rvfw_dot_s16(input + ((b * p->in_h + iy) * p->in_w + ix) * in_c,
                                                filter + ((oc * k_h + ky) * k_w + kx) * in_c, in_c, 0);
                        }
                    }
                    output[oc] = rvfw_output_s16(acc, bias, oc, p->acc32, output_multiplier[oc], output_shift[oc], 0,
                                                 p->output_activation_min, p->output_activation_max);
                }
            }
}
