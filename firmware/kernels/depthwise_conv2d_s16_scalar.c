/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D 16x8, fast scalar: per output, the window's taps inside the input (clipped
 * once per output pixel) summed in 32-bit arithmetic, RVFW_S16_RUN taps at a time, into the
 * 64-bit total (rvfw_s16_scalar.h). Bit-exact with the reference. */
#include "rvfw_band.h"
#include "rvfw_s16_scalar.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_s16_scalar(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                      const void *bias, const int32_t *output_multiplier,
                                      const int32_t *output_shift, int16_t *output)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, mult = p->depth_multiplier;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox, output += out_c) {
                const int32_t y0 = oy * p->stride_h - p->pad_h, x0 = ox * p->stride_w - p->pad_w;
                for (int32_t oc = 0; oc < out_c; ++oc) {
                    const int16_t *x = input + b * p->in_h * p->in_w * in_c + oc / mult;
                    int64_t acc = 0;
                    int32_t run = 0, taps = 0;
#define TAP16(ky, kx, iy, ix)                                                                                      \
    run += filter[((ky) * p->k_w + (kx)) * out_c + oc] * x[((iy) * p->in_w + (ix)) * in_c];                        \
    if (++taps == RVFW_S16_RUN) {                                                                                 \
        acc += run;                                                                                               \
        run = taps = 0;                                                                                           \
    }
                    RVFW_WINDOW_TAPS(p, y0, x0, TAP16)
                    output[oc] = rvfw_output_s16(acc + run, bias, oc, p->acc32, output_multiplier[oc],
                                                 output_shift[oc], 0, p->output_activation_min,
                                                 p->output_activation_max);
                }
            }
}
