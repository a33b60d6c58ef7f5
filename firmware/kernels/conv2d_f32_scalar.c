/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, float32, fast scalar: the reference's sums in its order (window rows, then columns,
 * then input channels; multiply, then add), with a filter row's taps one column apart (dilation 1
 * across) read as one contiguous run of input and of weights (OHWI) per window row, the row's
 * columns clipped to the input once per output pixel instead of per tap. Bit-exact with the
 * reference. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"

static inline float rvfw_dot_f32(float total, const float *x, const float *w, int32_t n)
{
    for (int32_t d = 0; d < n; ++d)
        total += x[d] * w[d];
    return total;
}

RVFW_KERNEL void rvfw_conv2d_f32_scalar(const rvfw_conv_params *p, const float *input, const float *filter, const float *bias,
                            const float *act, float *output)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, k_h = p->k_h, k_w = p->k_w, dil_w = p->dilation_w;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox, output += out_c) {
                const int32_t y0 = oy * p->stride_h - p->pad_h, x0 = ox * p->stride_w - p->pad_w;
                int32_t kx0 = 0, kx1 = k_w;
                if (dil_w == 1)
                    rvfw_window(x0, k_w, p->in_w, &kx0, &kx1);
                for (int32_t oc = 0; oc < out_c; ++oc) {
                    float total = 0.0f;
                    for (int32_t ky = 0; ky < k_h; ++ky) {
                        const int32_t iy = y0 + ky * p->dilation_h;
                        if (iy < 0 || iy >= p->in_h)
                            continue;
                        const float *row = input + ((b * p->in_h + iy) * p->in_w) * in_c;
                        const float *w = filter + (oc * k_h + ky) * k_w * in_c;
                        if (dil_w == 1) {
                            if (kx1 > kx0)
                                total = rvfw_dot_f32(total, row + (x0 + kx0) * in_c, w + kx0 * in_c, (kx1 - kx0) * in_c);
                            continue;
                        }
                        for (int32_t kx = 0; kx < k_w; ++kx) {
                            const int32_t ix = x0 + kx * dil_w;
                            if (ix >= 0 && ix < p->in_w)
                                total = rvfw_dot_f32(total, row + ix * in_c, w + kx * in_c, in_c);
                        }
                    }
                    output[oc] = rvfw_clamp_f32(total + (bias ? bias[oc] : 0.0f), act);
                }
            }
}
