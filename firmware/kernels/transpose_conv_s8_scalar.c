/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV, int8, fast scalar: each output pixel's taps found once (not once per channel),
 * then two output channels per pass over them (rvfw_dot2_s8_scalar: each input byte loaded once
 * for both). The input offset is not added per product: offset_sums[oc][tap] holds
 * input_offset * (the sum of that tap's weights), computed at build time, added once per tap.
 * The same integer sums as the reference; its requantisation. */
#include "rvfw_dot_scalar.h"
#include "rvfw_requant.h"
#include "rvfw_transpose_conv.h"

static inline __attribute__((always_inline)) void pixel_outputs(const rvfw_conv_params *p, const int8_t *in, int8_t *out,
                          const rvfw_transpose_conv_window win, const int8_t *filter, const int32_t *offset_sums, const int32_t *bias,
                          const int32_t *output_multiplier, const int32_t *output_shift)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, taps = p->k_h * p->k_w;
    int32_t tap[RVFW_TRANSPOSE_CONV_MAX_TAPS], pixel[RVFW_TRANSPOSE_CONV_MAX_TAPS];
    const int32_t n = rvfw_transpose_conv_tap_list(p, win, tap, pixel);
    int32_t oc = 0;
    for (; oc + 2 <= out_c; oc += 2) {
        int32_t a = bias ? bias[oc] : 0, c = bias ? bias[oc + 1] : 0;
        const int8_t *wa = filter + oc * taps * in_c, *wc = wa + taps * in_c;
        const int32_t *sa = offset_sums + oc * taps, *sc = sa + taps;
        for (int32_t t = 0; t < n; ++t) {
            rvfw_dot2_s8_scalar(in + pixel[t] * in_c, wa + tap[t] * in_c, wc + tap[t] * in_c, in_c, &a, &c);
            a += sa[tap[t]];
            c += sc[tap[t]];
        }
        out[oc] = RVFW_OUTPUT_S8(p, a, output_multiplier[oc], output_shift[oc]);
        out[oc + 1] = RVFW_OUTPUT_S8(p, c, output_multiplier[oc + 1], output_shift[oc + 1]);
    }
    if (oc < out_c) {
        int32_t a = bias ? bias[oc] : 0;
        for (int32_t t = 0; t < n; ++t) {
            const int8_t *x = in + pixel[t] * in_c, *w = filter + (oc * taps + tap[t]) * in_c;
            for (int32_t ic = 0; ic < in_c; ++ic)
                a += x[ic] * w[ic];
            a += offset_sums[oc * taps + tap[t]];
        }
        out[oc] = RVFW_OUTPUT_S8(p, a, output_multiplier[oc], output_shift[oc]);
    }
}

RVFW_KERNEL void rvfw_transpose_conv_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                   const int32_t *offset_sums, const int32_t *bias, const int32_t *output_multiplier,
                                   const int32_t *output_shift, int8_t *output)
{
#define PIXEL(in, out, win) pixel_outputs(p, in, out, win, filter, offset_sums, bias, output_multiplier, output_shift)
    RVFW_TRANSPOSE_CONV_PIXELS(p, input, output, int8_t, int8_t, PIXEL)
}
