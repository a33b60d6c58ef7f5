/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, int8: fast portable C for cores without a vector unit.
 *
 * Same arithmetic as the reference, arranged for fewer instructions per MAC: the input offset
 * is folded into the bias at build time (bias_folded = bias + input_offset * sum(w)) so the
 * inner loop multiplies raw int8 values. Everything runs one matrix-product loop (matmul): four
 * pixels by two output channels, each loaded weight used four times, no window arithmetic. A
 * pointwise convolution (1x1, stride 1) runs it over its input rows; any other over im2col
 * columns of four pixels, taps in the padding set to the input's zero point, so that border
 * pixels are no special case and the folded bias serves them too. The columns live in the op's
 * spare scratch; where the plan had no room for it, the build calls conv2d_tail_s8_scalar
 * instead (columns in the output's tail, the pixels they would overwrite one at a time), so
 * images whose convs all have scratch carry none of that code. */
#include <stddef.h>

#include "rvfw_conv_scalar.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

static inline int8_t finish(const rvfw_conv_params *p, int32_t acc, int32_t multiplier, int32_t shift)
{
    return RVFW_OUTPUT_S8(p, acc, multiplier, shift);
}

/* One pixel (n contiguous bytes at x) against every output channel, two at a time. Only the last
 * one to three pixels of a product take it, so it is out of line and plain (not the unrolled
 * rvfw_dot2_s8_scalar): as an unrolled two-pixel block it had been a third of the kernel's code
 * for under 1% of its time. */
static __attribute__((noinline)) void one_row(const rvfw_conv_params *p, const int8_t *x, int32_t n,
                                              const int8_t *filter, const int32_t *bias_folded,
                                              const int32_t *output_multiplier, const int8_t *output_shift,
                                              int8_t *out)
{
    for (int32_t oc = 0; oc < p->out_c; oc += 2) {
        const int32_t oc1 = oc + 1 < p->out_c ? oc + 1 : oc;
        const int8_t *wa = filter + oc * n, *wb = filter + oc1 * n;
        int32_t acc[2] = {bias_folded[oc], bias_folded[oc1]};
#pragma GCC unroll 1
        for (int32_t k = 0; k < n; ++k) {
            acc[0] += x[k] * wa[k];
            acc[1] += x[k] * wb[k];
        }
#pragma GCC unroll 1
        for (int32_t i = 0; i < 2; ++i) { /* one requantisation in the code, not two */
            const int32_t c = i ? oc1 : oc;
            out[c] = finish(p, acc[i], output_multiplier[c], output_shift[c]);
        }
    }
}

/* Eight accumulators, four pixels (runs x0 + i * step) by two channels (weight runs wa, wb), over
 * n bytes: 6 loads, 8 multiplies and 8 adds per step, the pointers moved every 4 steps. */
static inline __attribute__((always_inline)) void run_4x2(const int8_t *x0, int32_t step, int32_t n,
                                                          const int8_t *wa, const int8_t *wb, int32_t acc[8])
{
    const int8_t *x1 = x0 + step, *x2 = x1 + step, *x3 = x2 + step;
    int32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
    int32_t b0 = acc[4], b1 = acc[5], b2 = acc[6], b3 = acc[7];
    const int8_t *end = x0 + (n & ~3);
#define RVFW_MAC8(k)                                                                                                  \
    do {                                                                                                              \
        const int32_t ua = wa[k], ub = wb[k], p0 = x0[k], p1 = x1[k], p2 = x2[k], p3 = x3[k];                       \
        a0 += p0 * ua;                                                                                                \
        a1 += p1 * ua;                                                                                                \
        a2 += p2 * ua;                                                                                                \
        a3 += p3 * ua;                                                                                                \
        b0 += p0 * ub;                                                                                                \
        b1 += p1 * ub;                                                                                                \
        b2 += p2 * ub;                                                                                                \
        b3 += p3 * ub;                                                                                                \
    } while (0)
    for (; x0 < end; x0 += 4, x1 += 4, x2 += 4, x3 += 4, wa += 4, wb += 4) {
        RVFW_MAC8(0);
        RVFW_MAC8(1);
        RVFW_MAC8(2);
        RVFW_MAC8(3);
    }
    for (int32_t k = 0; k < (n & 3); ++k)
        RVFW_MAC8(k);
#undef RVFW_MAC8
    acc[0] = a0, acc[1] = a1, acc[2] = a2, acc[3] = a3;
    acc[4] = b0, acc[5] = b1, acc[6] = b2, acc[7] = b3;
}

/* The outputs of a 4x2 block: pixels 0-3 (out_c apart) of channels oc (acc[0..3]) and oc1 (acc[4..7]). */
static inline __attribute__((always_inline)) void store_4x2(const rvfw_conv_params *p, int8_t *out, int32_t out_c,
                                                            int32_t oc, int32_t oc1, const int32_t acc[8],
                                                            const int32_t *output_multiplier,
                                                            const int8_t *output_shift)
{
    const int32_t ma = output_multiplier[oc], sa = output_shift[oc];
    const int32_t mb = output_multiplier[oc1], sb = output_shift[oc1];
    for (int32_t i = 0; i < 4; ++i) {
        out[i * out_c + oc] = finish(p, acc[i], ma, sa);
        out[i * out_c + oc1] = finish(p, acc[4 + i], mb, sb);
    }
}

/* `pixels` rows of n contiguous bytes each (x), against the weight rows of every output channel:
 * out[pixel][oc] = requantise(bias_folded[oc] + x[pixel] . w[oc]). A pointwise convolution is
 * this over its input; any other runs it over im2col columns. */
/* No pre-RA scheduling: hoisting all 24 loads of an unrolled step first spills accumulators on RV32. */
__attribute__((noinline, optimize("no-schedule-insns"))) static void matmul(const rvfw_conv_params *p, const int8_t *input, int32_t n,
                      int32_t pixels, const int8_t *filter, const int32_t *bias_folded, const int32_t *output_multiplier,
                      const int8_t *output_shift, int8_t *output)
{
    const int32_t out_c = p->out_c;
    int32_t px = 0;
    for (; px + 4 <= pixels; px += 4) {
        const int8_t *x = input + px * n;
        int8_t *out = output + px * out_c;
        for (int32_t oc = 0; oc < out_c; oc += 2) {
            const int32_t oc1 = oc + 1 < out_c ? oc + 1 : oc;
            const int32_t ba = bias_folded[oc], bb = bias_folded[oc1];
            int32_t acc[8] = {ba, ba, ba, ba, bb, bb, bb, bb};
            run_4x2(x, n, n, filter + oc * n, filter + oc1 * n, acc);
            store_4x2(p, out, out_c, oc, oc1, acc, output_multiplier, output_shift);
        }
    }
    for (; px < pixels; ++px) /* the last one to three pixels */
        one_row(p, input + px * n, n, filter, bias_folded, output_multiplier, output_shift, output + px * out_c);
}

RVFW_KERNEL void rvfw_conv2d_columns_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                   const int32_t *bias_folded, const int32_t *output_multiplier,
                                   const int8_t *output_shift, int8_t *output, int8_t *col, int32_t pixels)
{
    const int32_t out_c = p->out_c, n = p->k_h * p->k_w * p->in_c;
    for (int32_t px = 0; px < pixels; px += RVFW_CONV_IM2COL_PIXELS) {
        const int32_t count = pixels - px < RVFW_CONV_IM2COL_PIXELS ? pixels - px : RVFW_CONV_IM2COL_PIXELS;
        rvfw_im2col_s8(p, input, px, count, col, n);
        matmul(p, col, n, count, filter, bias_folded, output_multiplier, output_shift, output + px * out_c);
    }
}

RVFW_KERNEL void rvfw_conv2d_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                           const int32_t *bias_folded, const int32_t *output_multiplier, const int8_t *output_shift,
                           int8_t *output, int8_t *col)
{
    const int32_t pixels = p->batches * p->out_h * p->out_w;
    if (rvfw_conv_pointwise(p)) {
        matmul(p, input, p->in_c, pixels, filter, bias_folded, output_multiplier, output_shift, output);
        return;
    }
    rvfw_conv2d_columns_s8_scalar(p, input, filter, bias_folded, output_multiplier, output_shift, output, col, pixels);
}
