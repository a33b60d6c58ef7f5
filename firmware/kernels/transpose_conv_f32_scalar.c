/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV, float32, fast scalar: each output pixel's taps found once (not once per channel)
 * in the reference's order, then two output channels per pass over them, each input value loaded
 * once for both. Every channel still adds its products one by one in that order from 0.0f, then
 * the bias (only where there is one, as the reference: -0 + 0 would be +0) and the clamp. */
#include "rvfw_transpose_conv.h"

static inline __attribute__((always_inline)) void pixel_outputs(const rvfw_conv_params *p, const float *in, float *out,
                          const rvfw_transpose_conv_window win, const float *filter, const float *bias, const float *act)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, taps = p->k_h * p->k_w;
    int32_t tap[RVFW_TRANSPOSE_CONV_MAX_TAPS], pixel[RVFW_TRANSPOSE_CONV_MAX_TAPS];
    const int32_t n = rvfw_transpose_conv_tap_list(p, win, tap, pixel);
    for (int32_t oc = 0; oc < out_c; oc += 2) {
        const int pair = oc + 1 < out_c;
        const float *wa = filter + oc * taps * in_c, *wc = pair ? wa + taps * in_c : wa;
        float a = 0.0f, c = 0.0f;
        for (int32_t t = 0; t < n; ++t) {
            const float *x = in + pixel[t] * in_c, *u = wa + tap[t] * in_c, *v = wc + tap[t] * in_c;
            for (int32_t ic = 0; ic < in_c; ++ic) {
                a += x[ic] * u[ic];
                c += x[ic] * v[ic];
            }
        }
        out[oc] = rvfw_clamp_f32(bias ? a + bias[oc] : a, act);
        if (pair)
            out[oc + 1] = rvfw_clamp_f32(bias ? c + bias[oc + 1] : c, act);
    }
}

RVFW_KERNEL void rvfw_transpose_conv_f32_scalar(const rvfw_conv_params *p, const float *input, const float *filter,
                                    const float *bias, const float *act, float *output)
{
#define PIXEL(in, out, win) pixel_outputs(p, in, out, win, filter, bias, act)
    RVFW_TRANSPOSE_CONV_PIXELS(p, input, output, float, float, PIXEL)
}
