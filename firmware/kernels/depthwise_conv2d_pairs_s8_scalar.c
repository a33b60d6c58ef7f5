/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, int8, 3x3, stride 1, depth multiplier 1, for cores whose multiply costs more
 * than an add: two output pixels per 32-bit multiply, one channel at a time, no scratch.
 *
 * Along a line of the input (a row, or a column where the output is taller than wide: KWS's 25x5
 * maps), three kernel taps (w0, w1, w2) over input positions a, b, c, d give two neighbouring output
 * pixels: the first a w0 + b w1 + c w2, the second b w0 + c w1 + d w2. With the inputs packed in
 * pairs, X_ab = a + 65536 b, X_bc and X_cd, the products X_ab w0, X_bc w1, X_cd w2 hold the first
 * pixel's three products in their low halves and the second pixel's in their high halves: three
 * multiplies for six MACs. A word summed over at most two such products is exact (raw int8 inputs,
 * weights in [-127, 127], the build checks: each half within +-32512), and its high half is
 * (S + 0x8000) >> 16; the running sums P of the words and H of the high halves give the first
 * pixel's sum as P - (H << 16) (as conv2d_pairs_s8_scalar). The next pair's X_ab is this pair's
 * X_cd: two loads and two packs per kernel line and pair. On RV32 the loop is assembly: its nine
 * weights, six carried values, three line pointers and sums need 27 registers, which the compiler
 * spilled (a weight reload per multiply).
 *
 * Padding reads the input's zero point, so the folded bias serves every pixel: a kernel line
 * outside the input runs with zero weights and adds zero_point * its weight sum instead; a position
 * before the input along a line is the zero point from the start, and a pair or last odd pixel
 * reaching past its end takes a path that checks each position. */
#include <stddef.h>

#include "rvfw_kernels.h"
#include "rvfw_requant.h"

#define RVFW_DW_PAIRS_BLOCK 16 /* pairs summed before they are requantised (128 bytes of stack) */

typedef struct {
    int32_t w[9]; /* [line][along]: the kernel, transposed when the lines are columns (zero for a line outside) */
    const int8_t *line[3]; /* each kernel line's input line at position 0 (a valid one where outside) */
    int32_t fix; /* zero_point * the weight sum of the lines outside, for both pixels */
    int32_t step; /* bytes from one position along a line to the next */
} lines3;

/* `pairs` pairs: carry = X_ab and b of each line for the first pair, at[i] its line's position c
 * (two past its a); sums[2k], sums[2k + 1]: the pair's two sums. */
void rvfw_dw3_pairs(const int32_t *w, const int8_t *const *at, int32_t step, int32_t pairs, int32_t *sums,
                    const int32_t *carry);

#if __riscv_xlen == 32
/* s0-s8 weights, s9-s11 and t3-t5 the carried X_ab and b of lines 0-2, a7, t6, a1 the line
 * pointers, a2 step, a3 end, a4 sums, a0 0x8000, a5 P, a6 H, ra the lines' X_cd products summed
 * over lines 0 and 1, t0-t2 temporaries. Per line: c = *p; X_bc = b + (c << 16); b = d = *(p + step);
 * A = X_ab w0 + X_bc w1 (one exact word); X_ab = X_cd = c + (d << 16). */
__asm__(
    ".text\n"
    ".balign 4\n"
    ".globl rvfw_dw3_pairs\n"
    ".type rvfw_dw3_pairs, @function\n"
    "rvfw_dw3_pairs:\n"
    "  blez a3, 9f\n"
    "  addi sp, sp, -64\n"
    "  sw s0, 0(sp)\n  sw s1, 4(sp)\n  sw s2, 8(sp)\n  sw s3, 12(sp)\n  sw s4, 16(sp)\n  sw s5, 20(sp)\n"
    "  sw s6, 24(sp)\n  sw s7, 28(sp)\n  sw s8, 32(sp)\n  sw s9, 36(sp)\n  sw s10, 40(sp)\n  sw s11, 44(sp)\n"
    "  sw ra, 48(sp)\n"
    "  lw s0, 0(a0)\n  lw s1, 4(a0)\n  lw s2, 8(a0)\n  lw s3, 12(a0)\n  lw s4, 16(a0)\n  lw s5, 20(a0)\n"
    "  lw s6, 24(a0)\n  lw s7, 28(a0)\n  lw s8, 32(a0)\n"
    "  lw s9, 0(a5)\n  lw s10, 4(a5)\n  lw s11, 8(a5)\n  lw t3, 12(a5)\n  lw t4, 16(a5)\n  lw t5, 20(a5)\n"
    "  lw a7, 0(a1)\n  lw t6, 4(a1)\n  lw a1, 8(a1)\n"
    "  slli a3, a3, 3\n"
    "  add a3, a3, a4\n"
    "  lui a0, 8\n"
    "1:\n"
    /* line 0: pointer a7, X_ab s9, b s10, weights s0 s1 s2 */
    "  lb t0, 0(a7)\n"
    "  add a7, a7, a2\n"
    "  slli t1, t0, 16\n"
    "  add t1, t1, s10\n"
    "  lb s10, 0(a7)\n"
    "  add a7, a7, a2\n"
    "  mul t2, s9, s0\n"
    "  mul t1, t1, s1\n"
    "  add t2, t2, t1\n"
    "  mv a5, t2\n"
    "  add t1, t2, a0\n"
    "  srai a6, t1, 16\n"
    "  slli t1, s10, 16\n"
    "  add s9, t0, t1\n"
    "  mul ra, s9, s2\n"
    /* line 1: pointer t6, X_ab s11, b t3, weights s3 s4 s5 */
    "  lb t0, 0(t6)\n"
    "  add t6, t6, a2\n"
    "  slli t1, t0, 16\n"
    "  add t1, t1, t3\n"
    "  lb t3, 0(t6)\n"
    "  add t6, t6, a2\n"
    "  mul t2, s11, s3\n"
    "  mul t1, t1, s4\n"
    "  add t2, t2, t1\n"
    "  add a5, a5, t2\n"
    "  add t1, t2, a0\n"
    "  srai t1, t1, 16\n"
    "  add a6, a6, t1\n"
    "  slli t1, t3, 16\n"
    "  add s11, t0, t1\n"
    "  mul t1, s11, s5\n"
    "  add ra, ra, t1\n"
    "  add a5, a5, ra\n"
    "  add t1, ra, a0\n"
    "  srai t1, t1, 16\n"
    "  add a6, a6, t1\n"
    /* line 2: pointer a1, X_ab t4, b t5, weights s6 s7 s8 */
    "  lb t0, 0(a1)\n"
    "  add a1, a1, a2\n"
    "  slli t1, t0, 16\n"
    "  add t1, t1, t5\n"
    "  lb t5, 0(a1)\n"
    "  add a1, a1, a2\n"
    "  mul t2, t4, s6\n"
    "  mul t1, t1, s7\n"
    "  add t2, t2, t1\n"
    "  add a5, a5, t2\n"
    "  add t1, t2, a0\n"
    "  srai t1, t1, 16\n"
    "  add a6, a6, t1\n"
    "  slli t1, t5, 16\n"
    "  add t4, t0, t1\n"
    "  mul t2, t4, s8\n"
    "  add a5, a5, t2\n"
    "  add t1, t2, a0\n"
    "  srai t1, t1, 16\n"
    "  add a6, a6, t1\n"
    /* the first pixel's sum P - (H << 16), the second's H */
    "  slli t1, a6, 16\n"
    "  sub a5, a5, t1\n"
    "  sw a5, 0(a4)\n"
    "  sw a6, 4(a4)\n"
    "  addi a4, a4, 8\n"
    "  bltu a4, a3, 1b\n"
    "  lw s0, 0(sp)\n  lw s1, 4(sp)\n  lw s2, 8(sp)\n  lw s3, 12(sp)\n  lw s4, 16(sp)\n  lw s5, 20(sp)\n"
    "  lw s6, 24(sp)\n  lw s7, 28(sp)\n  lw s8, 32(sp)\n  lw s9, 36(sp)\n  lw s10, 40(sp)\n  lw s11, 44(sp)\n"
    "  lw ra, 48(sp)\n"
    "  addi sp, sp, 64\n"
    "9:\n"
    "  ret\n"
    ".size rvfw_dw3_pairs, .-rvfw_dw3_pairs\n");
#else
void rvfw_dw3_pairs(const int32_t *w, const int8_t *const *at, int32_t step, int32_t pairs, int32_t *sums,
                    const int32_t *carry)
{
    int32_t x_ab[3] = {carry[0], carry[2], carry[4]}, b[3] = {carry[1], carry[3], carry[5]};
    const int8_t *p[3] = {at[0], at[1], at[2]};
    for (int32_t k = 0; k < pairs; ++k) {
        int32_t sum_p = 0, sum_h = 0, tail = 0;
        for (int i = 0; i < 3; ++i) {
            const int32_t c = p[i][0], d = p[i][step];
            p[i] += 2 * step;
            const int32_t x_bc = (int32_t)((uint32_t)c << 16) + b[i];
            const int32_t a = x_ab[i] * w[3 * i] + x_bc * w[3 * i + 1];
            sum_p += a;
            sum_h += (a + 0x8000) >> 16;
            b[i] = d;
            x_ab[i] = c + (int32_t)((uint32_t)d << 16);
            const int32_t t = x_ab[i] * w[3 * i + 2];
            if (i == 0) {
                tail = t;
                continue;
            }
            tail = i == 1 ? tail + t : t;
            sum_p += tail;
            sum_h += (tail + 0x8000) >> 16;
        }
        sums[2 * k] = (int32_t)((uint32_t)sum_p - ((uint32_t)sum_h << 16));
        sums[2 * k + 1] = sum_h;
    }
}
#endif

/* Position x of kernel line r, or the zero point outside the input (length: the line's). */
static inline int32_t at(const lines3 *k, int r, int32_t x, int32_t length, int32_t zp)
{
    return x >= 0 && x < length ? k->line[r][x * k->step] : zp;
}

/* One pair whose window starts at position x0, every position checked. */
static void pair_checked(const lines3 *k, int32_t x0, int32_t length, int32_t zp, int32_t *first, int32_t *second)
{
    int32_t f = k->fix, s = k->fix;
    for (int i = 0; i < 3; ++i) {
        const int32_t a = at(k, i, x0, length, zp), b = at(k, i, x0 + 1, length, zp);
        const int32_t c = at(k, i, x0 + 2, length, zp), d = at(k, i, x0 + 3, length, zp);
        const int32_t *w = k->w + 3 * i;
        f += a * w[0] + b * w[1] + c * w[2];
        s += b * w[0] + c * w[1] + d * w[2];
    }
    *first = f, *second = s;
}

static int32_t single_checked(const lines3 *k, int32_t x0, int32_t length, int32_t zp)
{
    int32_t acc = k->fix;
    if (x0 >= 0 && x0 + 1 < length) { /* the common last pixel: its first two positions inside */
        const int32_t step = k->step, third = x0 + 2 < length;
        for (int i = 0; i < 3; ++i) {
            const int8_t *x = k->line[i] + x0 * step;
            const int32_t *w = k->w + 3 * i;
            acc += x[0] * w[0] + x[step] * w[1] + (third ? x[2 * step] : zp) * w[2];
        }
        return acc;
    }
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            acc += at(k, i, x0 + j, length, zp) * k->w[3 * i + j];
    return acc;
}

/* Output pixels along one line of the output: `count` of them, the first one's window starting at
 * position -pad (pad 0 or 1) along the input lines (of `length`), written `out_step` bytes apart. */
static void along(const lines3 *k, int32_t count, int32_t pad, int32_t length, int32_t zp, int8_t *out,
                  int32_t out_step, int32_t bias, int32_t m, int32_t sh, int32_t out_offset, int32_t lo, int32_t hi,
                  int32_t fast)
{
    /* Pairs whose last position (x0 + 3) lies inside: x0 = o - pad, o + 3 - pad < length. */
    const int32_t inside = count / 2 < (length - 2 + pad) / 2 ? count / 2 : (length - 2 + pad) / 2;
    const int32_t fix = k->fix + bias;
    int32_t o = 0;
    if (inside > 0) {
        int32_t carry[6];
        const int8_t *at_c[3];
        const int32_t x0 = -pad;
        for (int i = 0; i < 3; ++i) { /* X_ab and b of the first pair: a before the input is the zero point */
            const int32_t a = x0 < 0 ? zp : k->line[i][x0 * k->step], b = k->line[i][(x0 + 1) * k->step];
            carry[2 * i] = a + (int32_t)((uint32_t)b << 16);
            carry[2 * i + 1] = b;
            at_c[i] = k->line[i] + (x0 + 2) * k->step;
        }
        for (int32_t done = 0; done < inside;) {
            int32_t sums[2 * RVFW_DW_PAIRS_BLOCK];
            const int32_t n = inside - done < RVFW_DW_PAIRS_BLOCK ? inside - done : RVFW_DW_PAIRS_BLOCK;
            rvfw_dw3_pairs(k->w, at_c, k->step, n, sums, carry);
            for (int32_t i = 0; i < 2 * n; ++i, ++o)
                out[o * out_step] = RVFW_OUTPUT_S8_FAST(fast, sums[i] + fix, m, sh, out_offset, lo, hi);
            done += n;
            if (done < inside) { /* the next block's carried values and positions */
                const int32_t x = o - pad;
                for (int i = 0; i < 3; ++i) {
                    const int32_t a = k->line[i][x * k->step], b = k->line[i][(x + 1) * k->step];
                    carry[2 * i] = a + (int32_t)((uint32_t)b << 16);
                    carry[2 * i + 1] = b;
                    at_c[i] = k->line[i] + (x + 2) * k->step;
                }
            }
        }
    }
    for (; o + 2 <= count; o += 2) { /* pairs reaching past the end */
        int32_t f, s;
        pair_checked(k, o - pad, length, zp, &f, &s);
        out[o * out_step] = RVFW_OUTPUT_S8_FAST(fast, f + bias, m, sh, out_offset, lo, hi);
        out[(o + 1) * out_step] = RVFW_OUTPUT_S8_FAST(fast, s + bias, m, sh, out_offset, lo, hi);
    }
    if (o < count) /* a last odd pixel */
        out[o * out_step] = RVFW_OUTPUT_S8_FAST(fast, single_checked(k, o - pad, length, zp) + bias, m, sh, out_offset, lo,
                                               hi);
}

RVFW_KERNEL void rvfw_depthwise_conv2d_pairs_s8_scalar(const rvfw_conv_params *p, const int8_t *input,
                                                       const int8_t *filter, const int32_t *bias_folded,
                                                       const int32_t *output_multiplier,
                                                       const int8_t *output_shift, int8_t *output)
{
    const int32_t ch = p->in_c, in_h = p->in_h, in_w = p->in_w, out_h = p->out_h, out_w = p->out_w;
    const int32_t zp = -p->input_offset;
    const int32_t out_offset = p->output_offset, lo = p->output_activation_min, hi = p->output_activation_max;
    /* Pairs along the longer side of the output: fewer lines to set up, fewer odd ends. */
    const int vertical = out_h > out_w;
    const int32_t lines = vertical ? out_w : out_h, count = vertical ? out_h : out_w;
    const int32_t pad_across = vertical ? p->pad_w : p->pad_h, pad_along = vertical ? p->pad_h : p->pad_w;
    const int32_t across_len = vertical ? in_w : in_h, along_len = vertical ? in_h : in_w;
    const int32_t across_step = vertical ? ch : in_w * ch; /* from one input line to the next */
    const int32_t out_across = vertical ? ch : out_w * ch, out_along = vertical ? out_w * ch : ch;
    for (int32_t bt = 0; bt < p->batches; ++bt) {
        const int8_t *in_batch = input + bt * in_h * in_w * ch;
        int8_t *out_batch = output + bt * out_h * out_w * ch;
        for (int32_t c = 0; c < ch; ++c) {
            const int8_t *f = filter + c;
            int32_t w[3][3]; /* [line][along] */
            for (int ky = 0; ky < 3; ++ky)
                for (int kx = 0; kx < 3; ++kx)
                    w[vertical ? kx : ky][vertical ? ky : kx] = f[(ky * 3 + kx) * ch];
            const int32_t bias = bias_folded[c], m = output_multiplier[c], sh = output_shift[c];
            lines3 inner; /* every kernel line inside the input: the weights as they are */
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j)
                    inner.w[3 * i + j] = w[i][j];
            inner.fix = 0;
            inner.step = vertical ? in_w * ch : ch;
            for (int32_t o = 0; o < lines; ++o) {
                lines3 k = inner;
                const int32_t first = o - pad_across;
                if (first >= 0 && first + 2 < across_len) {
                    for (int i = 0; i < 3; ++i)
                        k.line[i] = in_batch + (first + i) * across_step + c;
                } else {
                    for (int i = 0; i < 3; ++i) {
                        const int32_t y = first + i;
                        const int inside = y >= 0 && y < across_len;
                        if (!inside)
                            k.fix += zp * (w[i][0] + w[i][1] + w[i][2]);
                        for (int j = 0; j < 3; ++j)
                            k.w[3 * i + j] = inside ? w[i][j] : 0;
                        k.line[i] = in_batch + (y < 0 ? 0 : y >= across_len ? across_len - 1 : y) * across_step + c;
                    }
                }
                along(&k, count, pad_along, along_len, zp, out_batch + o * out_across + c, out_along, bias, m, sh,
                      out_offset, lo, hi, p->fast_requant);
            }
        }
    }
}
