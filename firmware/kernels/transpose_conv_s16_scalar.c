/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV 16x8, fast scalar: each output pixel's taps found once (not once per channel),
 * each channel's products summed in exact 32-bit runs carried across its taps into the 64-bit
 * total (rvfw_acc16, rvfw_s16_scalar.h); the int64 bias and the 64-bit requantisation as the
 * reference's. */
#include "rvfw_s16_scalar.h"
#include "rvfw_transpose_conv.h"

static inline __attribute__((always_inline)) void pixel_outputs(const rvfw_conv_params *p, const int16_t *in, int16_t *out,
                          const rvfw_transpose_conv_window win, const int8_t *filter, const int64_t *bias,
                          const int32_t *output_multiplier, const int32_t *output_shift)
{
    const int32_t in_c = p->in_c, taps = p->k_h * p->k_w;
    int32_t tap[RVFW_TRANSPOSE_CONV_MAX_TAPS], pixel[RVFW_TRANSPOSE_CONV_MAX_TAPS];
    const int32_t n = rvfw_transpose_conv_tap_list(p, win, tap, pixel);
    for (int32_t oc = 0; oc < p->out_c; ++oc) {
        const int8_t *w = filter + oc * taps * in_c;
        rvfw_acc16 acc = {0, 0, 0};
        for (int32_t t = 0; t < n; ++t)
            rvfw_acc16_dot(&acc, in + pixel[t] * in_c, w + tap[t] * in_c, in_c);
        out[oc] = rvfw_output_s16(acc.total + acc.run, bias, oc, 0, output_multiplier[oc], output_shift[oc], 0,
                                  p->output_activation_min, p->output_activation_max);
    }
}

RVFW_KERNEL void rvfw_transpose_conv_s16_scalar(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                    const int64_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                    int16_t *output)
{
#define PIXEL(in, out, win) pixel_outputs(p, in, out, win, filter, bias, output_multiplier, output_shift)
    RVFW_TRANSPOSE_CONV_PIXELS(p, input, output, int16_t, int16_t, PIXEL)
}
