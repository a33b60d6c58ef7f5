/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, int8, fast portable C for cores whose multiply costs more than an add: two output
 * channels per 32-bit multiply.
 *
 * The build packs the weights of each pair of output channels (a, b) into words
 * W[k] = w_a[k] + 65536 * w_b[k], blocks of four channels, two words per tap (codegen.ops.conv2d
 * pairs_table). One multiply x * W[k] is then x * w_a[k] in the low half and x * w_b[k] in the high
 * half. Over two taps each half's sum lies within [-32512, 32512] (raw int8 inputs, weights in
 * [-127, 127]: the build checks that no weight is -128), so the two-tap word S = lo + 65536 * hi is
 * exact and hi = (S + 0x8000) >> 16: two multiplies and five additions and shifts for four MACs
 * where the plain kernel spends four multiplies and four additions, and one word load for two
 * weights. The running sum of the words P and of the high halves H give lo = P - (H << 16), exact
 * as every real sum fits int32. Two pixels by four channels per block: 4 word and 4 byte loads per
 * two taps for 16 MACs.
 *
 * The input offset is folded into the bias (bias_folded), padding taps read the zero point through
 * im2col columns as in conv2d_s8_scalar, whose column scratch this kernel takes too. Where the plan
 * left no room for them (col NULL), the columns go in the tail of the output as in
 * conv2d_tail_s8_scalar, and the last pixels, whose outputs would overwrite that tail, are summed
 * one at a time from the input with the weights read back out of the pairs (one_pixel). */
#include <stddef.h>

#include "rvfw_conv_scalar.h"
#include "rvfw_kernels.h"
#include "rvfw_pairs_scalar.h"
#include "rvfw_requant.h"

/* An im2col chunk's few pixels against every output channel's packed weights: pixel pairs outside,
 * each block's constants read where used (set up per block, they cost more than they save over
 * four pixels: IC's 3x3 layers 1.4% more cycles on Ibex). */
__attribute__((noinline)) static void matmul_pairs_few(const rvfw_conv_params *p, const int8_t *input, int32_t n,
                                                   int32_t pixels, const int32_t *pairs, const int32_t *bias_folded,
                                                   const int32_t *output_multiplier, const int8_t *output_shift,
                                                   int8_t *output)
{
    const int32_t out_c = p->out_c, fast = p->fast_requant, offset = p->output_offset;
    const int32_t lo = p->output_activation_min, hi = p->output_activation_max;
    for (int32_t px = 0; px < pixels; px += 2) {
        const int8_t *x0 = input + px * n;
        const int two = px + 1 < pixels;
        const int8_t *x1 = two ? x0 + n : x0; /* an odd last pixel runs twice, stored once */
        int8_t *out = output + px * out_c;
        const int32_t *w = pairs;
        for (int32_t oc = 0; oc < out_c; oc += 4, w += 2 * n) {
            int32_t acc[8];
            rvfw_pairs_2x4(x0, x1, n, w, acc);
            const int32_t lanes = out_c - oc < 4 ? out_c - oc : 4;
            for (int32_t i = 0; i < lanes; ++i) {
                const int32_t c = oc + i, m = output_multiplier[c], s = output_shift[c], b = bias_folded[c];
                out[c] = RVFW_OUTPUT_S8_FAST(fast, acc[i] + b, m, s, offset, lo, hi);
                if (two)
                    out[out_c + c] = RVFW_OUTPUT_S8_FAST(fast, acc[4 + i] + b, m, s, offset, lo, hi);
            }
        }
    }
}

/* `pixels` rows of n contiguous bytes (x) against every output channel's packed weights. Block by
 * block of four output channels, then pixel by pixel: a block's requantisation constants are set
 * up once for all its pixels (rvfw_requant_lane), where per pixel they cost more than the outputs'
 * own arithmetic (KWS's 1x1 layers: 36 cycles an output on Ibex, 64 MACs each). */
__attribute__((noinline)) static void matmul_pairs(const rvfw_conv_params *p, const int8_t *input, int32_t n,
                                                   int32_t pixels, const int32_t *pairs, const int32_t *bias_folded,
                                                   const int32_t *output_multiplier, const int8_t *output_shift,
                                                   int8_t *output)
{
    const int32_t out_c = p->out_c, fast = p->fast_requant, offset = p->output_offset;
    const int32_t lo = p->output_activation_min, hi = p->output_activation_max;
    const int relu = lo >= offset; /* rvfw_requantize_lane_relu: every negative value clamps to lo */
    const int32_t *w = pairs;
    for (int32_t oc = 0; oc < out_c; oc += 4, w += 2 * n) {
        const int32_t lanes = out_c - oc < 4 ? out_c - oc : 4;
        rvfw_requant_lane k[4];
        int folded = fast && lanes == 4;
        for (int32_t i = 0; folded && i < 4; ++i)
            folded = rvfw_requant_lane_init(&k[i], bias_folded[oc + i], output_multiplier[oc + i],
                                            output_shift[oc + i], offset);
        for (int32_t px = 0; px < pixels; px += 2) {
            const int8_t *x0 = input + px * n;
            const int two = px + 1 < pixels;
            const int8_t *x1 = two ? x0 + n : x0; /* an odd last pixel runs twice, stored once */
            int8_t *out = output + px * out_c + oc;
            int32_t acc[8];
            rvfw_pairs_2x4(x0, x1, n, w, acc);
            if (folded && relu) {
#pragma GCC unroll 4
                for (int32_t i = 0; i < 4; ++i)
                    out[i] = (int8_t)rvfw_clamp(rvfw_requantize_lane_relu(&k[i], acc[i]), lo, hi);
                if (two) {
#pragma GCC unroll 4
                    for (int32_t i = 0; i < 4; ++i)
                        out[out_c + i] = (int8_t)rvfw_clamp(rvfw_requantize_lane_relu(&k[i], acc[4 + i]), lo, hi);
                }
                continue;
            }
            if (folded) {
#pragma GCC unroll 4
                for (int32_t i = 0; i < 4; ++i)
                    out[i] = (int8_t)rvfw_clamp(rvfw_requantize_lane(&k[i], acc[i]), lo, hi);
                if (two) {
#pragma GCC unroll 4
                    for (int32_t i = 0; i < 4; ++i)
                        out[out_c + i] = (int8_t)rvfw_clamp(rvfw_requantize_lane(&k[i], acc[4 + i]), lo, hi);
                }
                continue;
            }
            for (int32_t i = 0; i < lanes; ++i) {
                const int32_t c = oc + i, m = output_multiplier[c], s = output_shift[c], b = bias_folded[c];
                out[i] = RVFW_OUTPUT_S8_FAST(fast, acc[i] + b, m, s, offset, lo, hi);
                if (two)
                    out[out_c + i] = RVFW_OUTPUT_S8_FAST(fast, acc[4 + i] + b, m, s, offset, lo, hi);
            }
        }
    }
}

/* One pixel without columns: every output channel's sum over the window read in place (taps in the
 * padding take the input's zero point), each weight decoded from its pair word (w_a the word's low
 * half sign-extended, w_b the rest shifted down). */
static void one_pixel(const rvfw_conv_params *p, const int8_t *input, const int32_t *pairs, const int32_t *bias_folded,
                      const int32_t *output_multiplier, const int8_t *output_shift, int32_t pixel, int8_t *out)
{
    const int32_t in_c = p->in_c, in_w = p->in_w, out_c = p->out_c, n = p->k_h * p->k_w * in_c;
    const int32_t ox = pixel % p->out_w, oy = pixel / p->out_w % p->out_h, b = pixel / (p->out_w * p->out_h);
    const int8_t *in_batch = input + b * p->in_h * in_w * in_c;
    const int32_t y0 = oy * p->stride_h - p->pad_h, x0 = ox * p->stride_w - p->pad_w, zero_point = -p->input_offset;
    const int32_t fast = p->fast_requant, offset = p->output_offset;
    const int32_t lo = p->output_activation_min, hi = p->output_activation_max;
    for (int32_t oc = 0; oc < out_c; oc += 4) {
        const int32_t *w = pairs + (oc / 4) * 2 * n;
        int32_t acc[4] = {0, 0, 0, 0};
        for (int32_t ky = 0, tap = 0; ky < p->k_h; ++ky) {
            const int32_t y = y0 + ky * p->dilation_h;
            for (int32_t kx = 0; kx < p->k_w; ++kx) {
                const int32_t xx = x0 + kx * p->dilation_w;
                const int inside = y >= 0 && y < p->in_h && xx >= 0 && xx < in_w;
                const int8_t *x = in_batch + (y * in_w + xx) * in_c;
                for (int32_t c = 0; c < in_c; ++c, ++tap) {
                    const int32_t v = inside ? x[c] : zero_point;
                    for (int j = 0; j < 2; ++j) {
                        const int32_t word = w[2 * tap + j], low = (int16_t)(word & 0xFFFF);
                        acc[2 * j] += v * low;
                        acc[2 * j + 1] += v * ((word - low) >> 16); /* an exact multiple of 65536 */
                    }
                }
            }
        }
        for (int32_t i = 0; i < 4 && oc + i < out_c; ++i) {
            const int32_t c = oc + i;
            /* acc sums raw inputs: the folded bias carries the input offset */
            out[c] = RVFW_OUTPUT_S8_FAST(fast, acc[i] + bias_folded[c], output_multiplier[c], output_shift[c], offset, lo, hi);
        }
    }
}

RVFW_KERNEL void rvfw_conv2d_pairs_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int32_t *pairs,
                                             const int32_t *bias_folded, const int32_t *output_multiplier,
                                             const int8_t *output_shift, int8_t *output, int8_t *col)
{
    const int32_t pixels = p->batches * p->out_h * p->out_w;
    if (rvfw_conv_pointwise(p)) {
        matmul_pairs(p, input, p->in_c, pixels, pairs, bias_folded, output_multiplier, output_shift, output);
        return;
    }
    const int32_t out_c = p->out_c, n = p->k_h * p->k_w * p->in_c;
    /* pixels [0, columns_end) run on im2col columns; without column scratch, in the output's tail */
    const int32_t columns_end = col ? pixels : rvfw_tail_columns(output, pixels, out_c, RVFW_CONV_IM2COL_PIXELS * n, &col);
    for (int32_t px = 0; px < columns_end; px += RVFW_CONV_IM2COL_PIXELS) {
        const int32_t count = columns_end - px < RVFW_CONV_IM2COL_PIXELS ? columns_end - px : RVFW_CONV_IM2COL_PIXELS;
        rvfw_im2col_s8(p, input, px, count, col, n);
        matmul_pairs_few(p, col, n, count, pairs, bias_folded, output_multiplier, output_shift, output + px * out_c);
    }
    for (int32_t px = columns_end; px < pixels; ++px)
        one_pixel(p, input, pairs, bias_folded, output_multiplier, output_shift, px, output + px * out_c);
}
