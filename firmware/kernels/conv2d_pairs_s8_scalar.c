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

#include "rvfw_asm_rv32.h"
#include "rvfw_conv_scalar.h"
#include "rvfw_kernels.h"
#include "rvfw_pairs_scalar.h"
#include "rvfw_requant.h"

/* A block of four output channels by groups of four pixels, in RV32 assembly: what it reads, at
 * the offsets it names (keep the order). */
typedef struct {
    const int8_t *x;         /*  0: pixel 0's row (pixels n bytes apart) */
    int32_t n;               /*  4: taps, even */
    const int32_t *w;        /*  8: the block's pair words, [tap][2] */
    int32_t groups;          /* 12: groups of four pixels, >= 1 */
    int8_t *out;             /* 16: the group's first output (pixel 0, the block's first channel) */
    int32_t out_c;           /* 20 */
    int32_t lo, hi;          /* 24, 28 */
    int32_t start[4];        /* 32: the sums' start, P and H of word a, of word b (the biases) */
    int32_t mult[4], add[4], shift1[4]; /* 48, 64, 80: rvfw_requant_lane's, per channel */
} rvfw_pairs_job;
_Static_assert(offsetof(rvfw_pairs_job, shift1) == 80, "the assembly's offsets");

/* rvfw_pairs_4x4_fix (the rounding's sign correction) and _relu (without it: a clamp from the
 * zero point up); job->groups is consumed, job->out advanced. */
void rvfw_pairs_4x4_fix(rvfw_pairs_job *job);
void rvfw_pairs_4x4_relu(rvfw_pairs_job *job);

#if __riscv_xlen == 32
/* Two taps of one pixel (bytes at ptr) against the block's two words per tap: the weights t3, t4
 * (tap 0, words a and b) and t5, t6 (tap 1), half tp; P and H of word a then of word b. Four
 * multiplies for eight MACs; each load is used two instructions on (no load-use stall). */
#define RVFW_P4_PIXEL(off, ptr, pa, pb, ha, hb)                                                                        \
    "  lb t0, " #off "(" ptr ")\n  lb t1, " #off "+1(" ptr ")\n"                                                       \
    "  mul t2, t0, t3\n  mul ra, t1, t5\n  add t2, t2, ra\n  add " pa ", " pa ", t2\n"                                 \
    "  add t2, t2, tp\n  srai t2, t2, 16\n  add " ha ", " ha ", t2\n"                                                  \
    "  mul t2, t0, t4\n  mul ra, t1, t6\n  add t2, t2, ra\n  add " pb ", " pb ", t2\n"                                 \
    "  add t2, t2, tp\n  srai t2, t2, 16\n  add " hb ", " hb ", t2\n"
/* A pair of taps (bytes off on from the rows, words woff on from a3) of the four pixels; the loop
 * runs two of them a turn (a taken branch costs 2-3 cycles). */
#define RVFW_P4_TAPS(off, woff)                                                                                        \
    "  lw t3, " #woff "(a3)\n  lw t4, " #woff "+4(a3)\n  lw t5, " #woff "+8(a3)\n  lw t6, " #woff "+12(a3)\n"        \
    RVFW_P4_PIXEL(off, "a0", "s0", "s1", "s2", "s3") "  add t2, a0, a2\n" RVFW_P4_PIXEL(off, "t2", "s4", "s5", "s6", "s7") \
    RVFW_P4_PIXEL(off, "a1", "s8", "s9", "s10", "s11") "  add t2, a1, a2\n" RVFW_P4_PIXEL(off, "t2", "a4", "a5", "a6", "a7")
/* A word's two sums: unit a's is P - (H << 16), unit b's H. */
#define RVFW_P4_SPLIT(p, h) "  slli t0, " h ", 16\n  sub " p ", " p ", t0\n"
#define RVFW_P4_FIX(v) "  srai t0, " v ", 31\n  add " v ", " v ", t0\n  add " v ", " v ", t0\n"
#define RVFW_P4_NOFIX(v) ""
/* Requantise v (multiplier t3, add t4, shift1 t5), clamp to [t6, tp] (out of line), store at a3,
 * then a3 on by out_c (ra). */
#define RVFW_P4_RQ(name, fix, v, k)                                                                                    \
    "  slli " v ", " v ", 2\n  mulh " v ", " v ", t3\n" fix(v) "  add " v ", " v ", t4\n  sra " v ", " v ", t5\n"      \
    "  blt " v ", t6, " name "_lo" #k "\n  blt tp, " v ", " name "_hi" #k "\n" name "_st" #k ":\n"                    \
    "  sb " v ", 0(a3)\n  add a3, a3, ra\n"
#define RVFW_P4_CLAMPS(name, v, k)                                                                                     \
    name "_lo" #k ":\n  mv " v ", t6\n  j " name "_st" #k "\n" name "_hi" #k ":\n  mv " v ", tp\n  j " name "_st" #k "\n"
/* Channel j: its constants, a3 to its output of pixel 0, its four pixels' sums. */
#define RVFW_P4_CHANNEL(name, fix, j, r0, r1, r2, r3, k0, k1, k2, k3)                                                  \
    "  lw t3, " #j "*4+48(gp)\n  lw t4, " #j "*4+64(gp)\n  lw t5, " #j "*4+80(gp)\n  lw a3, 16(gp)\n"                  \
    "  addi a3, a3, " #j "\n" RVFW_P4_RQ(name, fix, r0, k0) RVFW_P4_RQ(name, fix, r1, k1)                             \
        RVFW_P4_RQ(name, fix, r2, k2) RVFW_P4_RQ(name, fix, r3, k3)
/* Registers: P and H of words a and b, pixel 0 s0 s1 s2 s3, pixel 1 s4-s7, pixel 2 s8-s11, pixel 3
 * a4-a7; pixel 0's row a0, pixel 2's a1 (pixels 1 and 3 n on: a2), the weights a3 up to gp. The
 * frame's words 13-15 hold the job, gp and tp. */
#define RVFW_P4_FUNCTION(name, fix)                                                                                    \
    ".balign 4\n"                                                                                                      \
    ".globl " name "\n"                                                                                                \
    ".type " name ", @function\n" name ":\n" RVFW_ASM_SAVE_ALL "  sw a0, 52(sp)\n  sw gp, 56(sp)\n  sw tp, 60(sp)\n"  \
    "  mv gp, a0\n  lw a2, 4(gp)\n  lw a0, 0(gp)\n  slli a1, a2, 1\n  add a1, a1, a0\n"                               \
    name "_group:\n"                                                                                                   \
    "  lw s0, 32(gp)\n  lw s2, 36(gp)\n  lw s1, 40(gp)\n  lw s3, 44(gp)\n  lui tp, 8\n"                                \
    "  mv s4, s0\n  mv s5, s1\n  mv s6, s2\n  mv s7, s3\n  mv s8, s0\n  mv s9, s1\n  mv s10, s2\n  mv s11, s3\n"       \
    "  mv a4, s0\n  mv a5, s1\n  mv a6, s2\n  mv a7, s3\n"                                                             \
    "  lw a3, 8(gp)\n  slli gp, a2, 3\n  add gp, gp, a3\n" /* the weights' end: 8 bytes a tap */                     \
    "  andi t0, a2, 2\n  beqz t0, " name "_taps\n" /* an odd number of tap pairs: start at the second half */        \
    "  addi a0, a0, -2\n  addi a1, a1, -2\n  addi a3, a3, -16\n  j " name "_half\n"                                 \
    name "_taps:\n" RVFW_P4_TAPS(0, 0) name "_half:\n" RVFW_P4_TAPS(2, 16)                                              \
    "  addi a0, a0, 4\n  addi a1, a1, 4\n  addi a3, a3, 32\n  bne a3, gp, " name "_taps\n"                          \
    RVFW_P4_SPLIT("s0", "s2") RVFW_P4_SPLIT("s1", "s3") RVFW_P4_SPLIT("s4", "s6") RVFW_P4_SPLIT("s5", "s7")           \
    RVFW_P4_SPLIT("s8", "s10") RVFW_P4_SPLIT("s9", "s11") RVFW_P4_SPLIT("a4", "a6") RVFW_P4_SPLIT("a5", "a7")         \
    "  lw gp, 52(sp)\n  lw ra, 20(gp)\n  lw t6, 24(gp)\n  lw tp, 28(gp)\n"                                            \
    RVFW_P4_CHANNEL(name, fix, 0, "s0", "s4", "s8", "a4", 0, 1, 2, 3)                                                  \
    RVFW_P4_CHANNEL(name, fix, 1, "s2", "s6", "s10", "a6", 4, 5, 6, 7)                                                 \
    RVFW_P4_CHANNEL(name, fix, 2, "s1", "s5", "s9", "a5", 8, 9, 10, 11)                                                \
    RVFW_P4_CHANNEL(name, fix, 3, "s3", "s7", "s11", "a7", 12, 13, 14, 15)                                             \
    "  lw t0, 16(gp)\n  slli t1, ra, 2\n  add t0, t0, t1\n  sw t0, 16(gp)\n" /* the next group's outputs */          \
    "  slli t0, a2, 1\n  add t0, t0, a2\n  add a0, a0, t0\n  add a1, a1, t0\n" /* its rows: 3n on */                  \
    "  lw t0, 12(gp)\n  addi t0, t0, -1\n  sw t0, 12(gp)\n  bnez t0, " name "_group\n"                               \
    "  lw gp, 56(sp)\n  lw tp, 60(sp)\n" RVFW_ASM_RESTORE_ALL "  ret\n"                                                \
    RVFW_P4_CLAMPS(name, "s0", 0) RVFW_P4_CLAMPS(name, "s4", 1) RVFW_P4_CLAMPS(name, "s8", 2)                          \
    RVFW_P4_CLAMPS(name, "a4", 3) RVFW_P4_CLAMPS(name, "s2", 4) RVFW_P4_CLAMPS(name, "s6", 5)                          \
    RVFW_P4_CLAMPS(name, "s10", 6) RVFW_P4_CLAMPS(name, "a6", 7) RVFW_P4_CLAMPS(name, "s1", 8)                         \
    RVFW_P4_CLAMPS(name, "s5", 9) RVFW_P4_CLAMPS(name, "s9", 10) RVFW_P4_CLAMPS(name, "a5", 11)                        \
    RVFW_P4_CLAMPS(name, "s3", 12) RVFW_P4_CLAMPS(name, "s7", 13) RVFW_P4_CLAMPS(name, "s11", 14)                      \
    RVFW_P4_CLAMPS(name, "a7", 15) ".size " name ", .-" name "\n"
__asm__(".text\n" RVFW_P4_FUNCTION("rvfw_pairs_4x4_fix", RVFW_P4_FIX)
            RVFW_P4_FUNCTION("rvfw_pairs_4x4_relu", RVFW_P4_NOFIX));
#else
/* The assembly's arithmetic in C (the RV64 builds of this kernel): exact sums from the pair words. */
static void pairs_4x4(rvfw_pairs_job *job, int fix)
{
    const int32_t n = job->n;
    for (; job->groups > 0; --job->groups, job->x += 4 * n, job->out += 4 * job->out_c) {
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j) {
                const int32_t P = job->start[j & 2], H = job->start[(j & 2) + 1];
                int32_t acc = j & 1 ? H : (int32_t)((uint32_t)P - ((uint32_t)H << 16));
                for (int32_t t = 0; t < n; ++t) {
                    const int32_t word = job->w[2 * t + (j >> 1)];
                    const int32_t low = (int16_t)(word & 0xFFFF), weight = j & 1 ? (word - low) >> 16 : low;
                    acc += job->x[i * n + t] * weight;
                }
                const int32_t v = rvfw_requantize_folded(acc, job->mult[j], job->add[j], job->shift1[j], fix);
                job->out[i * job->out_c + j] = (int8_t)rvfw_clamp(v, job->lo, job->hi);
            }
    }
}
void rvfw_pairs_4x4_fix(rvfw_pairs_job *job) { pairs_4x4(job, 1); }
void rvfw_pairs_4x4_relu(rvfw_pairs_job *job) { pairs_4x4(job, 0); }
#endif

/* The block's job for the assembly where it takes it (the lanes' form for all four channels, whole
 * pairs of taps), else 0. */
static int pairs_job(rvfw_pairs_job *job, const rvfw_conv_params *p, int32_t oc, int32_t n, const int32_t *w,
                     const int32_t *bias_folded, const int32_t *output_multiplier, const int8_t *output_shift)
{
    if (!p->fast_requant || (n & 1) || n == 0 || p->out_c - oc < 4)
        return 0;
    for (int j = 0; j < 4; ++j) {
        rvfw_requant_lane lane;
        if (!rvfw_requant_lane_init(&lane, 0, output_multiplier[oc + j], output_shift[oc + j], p->output_offset))
            return 0;
        job->mult[j] = lane.multiplier, job->add[j] = lane.add, job->shift1[j] = lane.shift1;
    }
    const int32_t *b = bias_folded + oc;
    job->start[0] = (int32_t)((uint32_t)b[0] + ((uint32_t)b[1] << 16)), job->start[1] = b[1];
    job->start[2] = (int32_t)((uint32_t)b[2] + ((uint32_t)b[3] << 16)), job->start[3] = b[3];
    job->n = n, job->w = w, job->out_c = p->out_c;
    job->lo = p->output_activation_min, job->hi = p->output_activation_max;
    return 1;
}

/* An im2col chunk's few pixels against every output channel's packed weights, block by block: a
 * chunk of four pixels in the assembly (pairs_job), fewer by pixel pairs with each block's
 * constants read where used. */
__attribute__((noinline)) static void matmul_pairs_few(const rvfw_conv_params *p, const int8_t *input, int32_t n,
                                                   int32_t pixels, const int32_t *pairs, const int32_t *bias_folded,
                                                   const int32_t *output_multiplier, const int8_t *output_shift,
                                                   int8_t *output)
{
    const int32_t out_c = p->out_c, fast = p->fast_requant, offset = p->output_offset;
    const int32_t lo = p->output_activation_min, hi = p->output_activation_max;
    const int32_t *w = pairs;
    for (int32_t oc = 0; oc < out_c; oc += 4, w += 2 * n) {
        rvfw_pairs_job job;
        if (pixels == 4 && pairs_job(&job, p, oc, n, w, bias_folded, output_multiplier, output_shift)) {
            job.x = input, job.groups = 1, job.out = output + oc;
            (lo >= offset ? rvfw_pairs_4x4_relu : rvfw_pairs_4x4_fix)(&job);
            continue;
        }
        for (int32_t px = 0; px < pixels; px += 2) {
            const int8_t *x0 = input + px * n;
            const int two = px + 1 < pixels;
            const int8_t *x1 = two ? x0 + n : x0; /* an odd last pixel runs twice, stored once */
            int8_t *out = output + px * out_c;
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
        int32_t px = 0;
        rvfw_pairs_job job; /* groups of four pixels in assembly, the last one to three below */
        if (pixels >= 4 && pairs_job(&job, p, oc, n, w, bias_folded, output_multiplier, output_shift)) {
            job.x = input, job.groups = pixels >> 2, job.out = output + oc;
            (relu ? rvfw_pairs_4x4_relu : rvfw_pairs_4x4_fix)(&job);
            px = pixels & ~3;
        }
        for (; px < pixels; px += 2) {
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
