/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, float32, fast scalar: the window clipped to the input once per output
 * pixel, then up to 64 output channels at a time, each tap adding its products to their sums
 * (channels innermost, contiguous in the filter and, with depth multiplier 1, in the input), so
 * each sum adds its taps in the reference's order. Bit-exact with the reference.
 *
 * Without an FPU each multiply and add is done on the bits (rvfw_softfloat.h: IEEE's rounding to
 * nearest even, for normal operands and results); a chunk whose sums meet anything else (a
 * subnormal, an infinity, a NaN) is summed again with the compiler's float arithmetic. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_softfloat.h"

enum { RVFW_DW_CHUNK = 64 };

/* The input channel output channel c0 + c reads. */
#define RVFW_DW_IN(x, c) ((mult == 1) ? (x)[c0 + (c)] : (x)[(c0 + (c)) / mult])

RVFW_KERNEL void rvfw_depthwise_conv2d_f32_scalar(const rvfw_conv_params *p, const float *input, const float *filter,
                                      const float *bias, const float *act, float *output)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, mult = p->depth_multiplier;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox, output += out_c) {
                const int32_t y0 = oy * p->stride_h - p->pad_h, x0 = ox * p->stride_w - p->pad_w;
                for (int32_t c0 = 0; c0 < out_c; c0 += RVFW_DW_CHUNK) {
                    const int32_t n = out_c - c0 < RVFW_DW_CHUNK ? out_c - c0 : RVFW_DW_CHUNK;
#if !defined(__riscv_flen)
                    uint32_t bits[RVFW_DW_CHUNK];
                    int odd = 0;
                    for (int32_t c = 0; c < n; ++c)
                        bits[c] = 0;
#define TAPB(ky, kx, iy, ix)                                                                                       \
    {                                                                                                             \
        const float *x = input + ((b * p->in_h + (iy)) * p->in_w + (ix)) * in_c;                                  \
        const float *w = filter + ((ky) * p->k_w + (kx)) * out_c + c0;                                            \
        for (int32_t c = 0; c < n; ++c)                                                                           \
            bits[c] = rvfw_sf_add_inline(                                                                         \
                bits[c], rvfw_sf_mul(rvfw_f32_bits(RVFW_DW_IN(x, c)), rvfw_f32_bits(w[c]), &odd), &odd);          \
    }
                    RVFW_WINDOW_TAPS(p, y0, x0, TAPB)
#undef TAPB
                    for (int32_t c = 0; c < n; ++c)
                        bits[c] = rvfw_sf_add(bits[c], bias ? rvfw_f32_bits(bias[c0 + c]) : 0u, &odd);
                    if (!odd) {
                        for (int32_t c = 0; c < n; ++c)
                            output[c0 + c] = rvfw_clamp_f32(rvfw_f32_from_bits(bits[c]), act);
                        continue;
                    }
#endif
                    float total[RVFW_DW_CHUNK];
                    for (int32_t c = 0; c < n; ++c)
                        total[c] = 0.0f;
#define TAPF(ky, kx, iy, ix)                                                                                       \
    {                                                                                                             \
        const float *x = input + ((b * p->in_h + (iy)) * p->in_w + (ix)) * in_c;                                  \
        const float *w = filter + ((ky) * p->k_w + (kx)) * out_c + c0;                                            \
        if (mult == 1) {                                                                                          \
            for (int32_t c = 0; c < n; ++c)                                                                       \
                total[c] += x[c0 + c] * w[c];                                                                     \
        } else {                                                                                                  \
            for (int32_t c = 0; c < n; ++c)                                                                       \
                total[c] += x[(c0 + c) / mult] * w[c];                                                            \
        }                                                                                                         \
    }
                    RVFW_WINDOW_TAPS(p, y0, x0, TAPF)
#undef TAPF
                    for (int32_t c = 0; c < n; ++c)
                        output[c0 + c] = rvfw_clamp_f32(total[c] + (bias ? bias[c0 + c] : 0.0f), act);
                }
            }
}
