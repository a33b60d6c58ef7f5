/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, int8, on the CORE-V SIMD extension (CV32E40P, COREV_PULP): four MACs per cv.sdotsp.b.
 *
 * As conv2d_s8_scalar: the input offset folded into the bias, a pointwise convolution over its
 * input rows, any other over im2col columns in its spare scratch (padding taps read the zero
 * point). One matrix-product loop, four pixels by two output channels: per four taps six word
 * loads with post-increment (cv.lw) and eight dot products, each loaded word used twice or four
 * times. Taps past the last multiple of four run as plain multiplies. */
#include <stddef.h>

#include "rvfw_conv_scalar.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"
#include "rvfw_xcv.h"

/* Eight sums: pixels x0 + i n (i = 0..3) against the weight rows wa, wb, over n bytes. */
static inline __attribute__((always_inline)) void block_4x2(const int8_t *x0, int32_t n, const int8_t *wa,
                                                            const int8_t *wb, int32_t acc[8])
{
    const int8_t *x1 = x0 + n, *x2 = x1 + n, *x3 = x2 + n;
    int32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3], b0 = acc[4], b1 = acc[5], b2 = acc[6], b3 = acc[7];
    for (int32_t k = n >> 2; k > 0; --k) {
        int32_t u, v, p0, p1, p2, p3;
        RVFW_LW_POST4(u, wa);
        RVFW_LW_POST4(v, wb);
        RVFW_LW_POST4(p0, x0);
        RVFW_LW_POST4(p1, x1);
        RVFW_LW_POST4(p2, x2);
        RVFW_LW_POST4(p3, x3);
        RVFW_SDOTSP_B(a0, p0, u);
        RVFW_SDOTSP_B(a1, p1, u);
        RVFW_SDOTSP_B(a2, p2, u);
        RVFW_SDOTSP_B(a3, p3, u);
        RVFW_SDOTSP_B(b0, p0, v);
        RVFW_SDOTSP_B(b1, p1, v);
        RVFW_SDOTSP_B(b2, p2, v);
        RVFW_SDOTSP_B(b3, p3, v);
    }
    for (int32_t k = 0; k < (n & 3); ++k) {
        const int32_t u = wa[k], v = wb[k];
        a0 += x0[k] * u, a1 += x1[k] * u, a2 += x2[k] * u, a3 += x3[k] * u;
        b0 += x0[k] * v, b1 += x1[k] * v, b2 += x2[k] * v, b3 += x3[k] * v;
    }
    acc[0] = a0, acc[1] = a1, acc[2] = a2, acc[3] = a3, acc[4] = b0, acc[5] = b1, acc[6] = b2, acc[7] = b3;
}

/* One pixel against two weight rows. */
static inline __attribute__((always_inline)) void block_1x2(const int8_t *x0, int32_t n, const int8_t *wa,
                                                            const int8_t *wb, int32_t *sa, int32_t *sb)
{
    int32_t a = *sa, b = *sb;
    for (int32_t k = n >> 2; k > 0; --k) {
        int32_t u, v, p;
        RVFW_LW_POST4(u, wa);
        RVFW_LW_POST4(v, wb);
        RVFW_LW_POST4(p, x0);
        RVFW_SDOTSP_B(a, p, u);
        RVFW_SDOTSP_B(b, p, v);
    }
    for (int32_t k = 0; k < (n & 3); ++k)
        a += x0[k] * wa[k], b += x0[k] * wb[k];
    *sa = a, *sb = b;
}

__attribute__((noinline)) static void matmul(const rvfw_conv_params *p, const int8_t *input, int32_t n, int32_t pixels,
                                             const int8_t *filter, const int32_t *bias_folded,
                                             const int32_t *output_multiplier, const int8_t *output_shift,
                                             int8_t *output)
{
    const int32_t out_c = p->out_c, out_offset = p->output_offset;
    const int32_t lo = p->output_activation_min, hi = p->output_activation_max, fast = p->fast_requant;
    int32_t px = 0;
    for (; px + 4 <= pixels; px += 4) {
        const int8_t *x = input + px * n;
        int8_t *out = output + px * out_c;
        for (int32_t oc = 0; oc < out_c; oc += 2) {
            const int32_t oc1 = oc + 1 < out_c ? oc + 1 : oc;
            const int32_t ba = bias_folded[oc], bb = bias_folded[oc1];
            int32_t acc[8] = {ba, ba, ba, ba, bb, bb, bb, bb};
            block_4x2(x, n, filter + oc * n, filter + oc1 * n, acc);
            const int32_t ma = output_multiplier[oc], sa = output_shift[oc];
            const int32_t mb = output_multiplier[oc1], sb = output_shift[oc1];
            for (int32_t i = 0; i < 4; ++i) {
                out[i * out_c + oc] = RVFW_OUTPUT_S8_FAST(fast, acc[i], ma, sa, out_offset, lo, hi);
                out[i * out_c + oc1] = RVFW_OUTPUT_S8_FAST(fast, acc[4 + i], mb, sb, out_offset, lo, hi);
            }
        }
    }
    for (; px < pixels; ++px) { /* the last one to three pixels */
        const int8_t *x = input + px * n;
        int8_t *out = output + px * out_c;
        for (int32_t oc = 0; oc < out_c; oc += 2) {
            const int32_t oc1 = oc + 1 < out_c ? oc + 1 : oc;
            int32_t a = bias_folded[oc], b = bias_folded[oc1];
            block_1x2(x, n, filter + oc * n, filter + oc1 * n, &a, &b);
            out[oc] = RVFW_OUTPUT_S8_FAST(fast, a, output_multiplier[oc], output_shift[oc], out_offset, lo, hi);
            out[oc1] = RVFW_OUTPUT_S8_FAST(fast, b, output_multiplier[oc1], output_shift[oc1], out_offset, lo, hi);
        }
    }
}

RVFW_KERNEL void rvfw_conv2d_s8_xcvsimd(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                        const int32_t *bias_folded, const int32_t *output_multiplier,
                                        const int8_t *output_shift, int8_t *output, int8_t *col)
{
    const int32_t pixels = p->batches * p->out_h * p->out_w;
    if (rvfw_conv_pointwise(p)) {
        matmul(p, input, p->in_c, pixels, filter, bias_folded, output_multiplier, output_shift, output);
        return;
    }
    const int32_t out_c = p->out_c, n = p->k_h * p->k_w * p->in_c;
    for (int32_t px = 0; px < pixels; px += RVFW_CONV_IM2COL_PIXELS) {
        const int32_t count = pixels - px < RVFW_CONV_IM2COL_PIXELS ? pixels - px : RVFW_CONV_IM2COL_PIXELS;
        rvfw_im2col_s8(p, input, px, count, col);
        matmul(p, col, n, count, filter, bias_folded, output_multiplier, output_shift, output + px * out_c);
    }
}
