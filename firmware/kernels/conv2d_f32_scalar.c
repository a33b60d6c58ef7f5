/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, float32, fast scalar: the reference's sums in its order (window rows, then columns,
 * then input channels; multiply, then add), with a filter row's taps one column apart (dilation 1
 * across) read as one contiguous run of input and of weights (OHWI) per window row, the row's
 * columns clipped to the input once per output pixel instead of per tap. Bit-exact with the
 * reference.
 *
 * Without an FPU each multiply and add is done on the bits (rvfw_softfloat.h: IEEE's rounding to
 * nearest even, for normal operands and results), a few times cheaper than libgcc's soft-float
 * calls; an output whose sum meets anything else (a subnormal, an infinity, a NaN) is summed again
 * with the compiler's float arithmetic, so the fast path never has to be right about those. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_softfloat.h"

static inline float rvfw_dot_f32(float total, const float *x, const float *w, int32_t n)
{
    for (int32_t d = 0; d < n; ++d)
        total += x[d] * w[d];
    return total;
}

/* The same sum on the bits; *odd set where the fast path does not cover an operand or result. */
static inline uint32_t rvfw_dot_f32_bits(uint32_t total, const float *x, const float *w, int32_t n, int *odd)
{
    for (int32_t d = 0; d < n; ++d)
        total = rvfw_sf_add_inline(total, rvfw_sf_mul(rvfw_f32_bits(x[d]), rvfw_f32_bits(w[d]), odd), odd);
    return total;
}

/* One output's window sum, bias not yet added: in float (soft = 0) or on the bits (soft = 1, the
 * result's bits; *odd as above). Inlined with soft constant, so each form is its own loop. */
static inline __attribute__((always_inline)) uint32_t window_sum(const rvfw_conv_params *p, const float *input,
                                                                 const float *filter, int32_t b, int32_t y0,
                                                                 int32_t x0, int32_t kx0, int32_t kx1, int32_t oc,
                                                                 int soft, int *odd)
{
    const int32_t in_c = p->in_c, k_h = p->k_h, k_w = p->k_w, dil_w = p->dilation_w;
    float total = 0.0f;
    uint32_t bits = 0;
    for (int32_t ky = 0; ky < k_h; ++ky) {
        const int32_t iy = y0 + ky * p->dilation_h;
        if (iy < 0 || iy >= p->in_h)
            continue;
        const float *row = input + ((b * p->in_h + iy) * p->in_w) * in_c;
        const float *w = filter + (oc * k_h + ky) * k_w * in_c;
        if (dil_w == 1) {
            if (kx1 > kx0) {
                if (soft)
                    bits = rvfw_dot_f32_bits(bits, row + (x0 + kx0) * in_c, w + kx0 * in_c, (kx1 - kx0) * in_c, odd);
                else
                    total = rvfw_dot_f32(total, row + (x0 + kx0) * in_c, w + kx0 * in_c, (kx1 - kx0) * in_c);
            }
            continue;
        }
        for (int32_t kx = 0; kx < k_w; ++kx) {
            const int32_t ix = x0 + kx * dil_w;
            if (ix < 0 || ix >= p->in_w)
                continue;
            if (soft)
                bits = rvfw_dot_f32_bits(bits, row + ix * in_c, w + kx * in_c, in_c, odd);
            else
                total = rvfw_dot_f32(total, row + ix * in_c, w + kx * in_c, in_c);
        }
    }
    return soft ? bits : rvfw_f32_bits(total);
}

RVFW_KERNEL void rvfw_conv2d_f32_scalar(const rvfw_conv_params *p, const float *input, const float *filter, const float *bias,
                            const float *act, float *output)
{
    const int32_t out_c = p->out_c, k_w = p->k_w;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox, output += out_c) {
                const int32_t y0 = oy * p->stride_h - p->pad_h, x0 = ox * p->stride_w - p->pad_w;
                int32_t kx0 = 0, kx1 = k_w; /* the columns inside the input, for dilation 1 */
                if (p->dilation_w == 1)
                    rvfw_window(x0, k_w, p->in_w, &kx0, &kx1);
                for (int32_t oc = 0; oc < out_c; ++oc) {
#if !defined(__riscv_flen)
                    int odd = 0;
                    uint32_t sum = window_sum(p, input, filter, b, y0, x0, kx0, kx1, oc, 1, &odd);
                    sum = rvfw_sf_add(sum, bias ? rvfw_f32_bits(bias[oc]) : 0u, &odd);
                    if (!odd) {
                        output[oc] = rvfw_clamp_f32(rvfw_f32_from_bits(sum), act);
                        continue;
                    }
#endif
                    const float total = rvfw_f32_from_bits(window_sum(p, input, filter, b, y0, x0, kx0, kx1, oc, 0, 0));
                    output[oc] = rvfw_clamp_f32(total + (bias ? bias[oc] : 0.0f), act);
                }
            }
}
