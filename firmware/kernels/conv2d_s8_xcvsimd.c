/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, int8, on the CORE-V SIMD extension (CV32E40P, COREV_PULP): four MACs per cv.sdotsp.b.
 *
 * As conv2d_s8_scalar: the input offset folded into the bias, a pointwise convolution over its
 * input rows, any other over im2col columns in its spare scratch (padding taps read the zero
 * point; without that scratch the columns go in the output's tail and the last pixels are summed in
 * place, as conv2d_pairs_s8_scalar does). One matrix-product block, four pixels by four output channels: per four taps four
 * activation words and four weight words (cv.lw, post-increment) feed sixteen dot products, each
 * loaded word used four times (PULP-NN's 4x2 block loads six words for eight). The weights come
 * repacked at build time (codegen.ops.conv2d.quads_table): per block of four output channels and
 * four taps, the four channels' words one after the other, so one pointer walks them; the block's
 * channels past out_c have zero weights and are not stored. Taps past the last multiple of four
 * are single bytes (a word there would read past the pixel's row). The clamp is cv.max/cv.min. */
#include <stddef.h>

#define RVFW_MISALIGNED_LOADS 1 /* the core splits a misaligned word load in two (no trap) */
#include "rvfw_conv_scalar.h"
#include "rvfw_asm_rv32.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"
#include "rvfw_xcv.h"

/* The channel's weight for tap t of the block whose quads start at w (words of 4 taps, 4 channels). */
#define RVFW_QUAD_W(w, c, t) ((w)[((t) >> 2) * 16 + (c) * 4 + ((t) & 3)])

typedef struct {
    int32_t out_c, n, offset, lo, hi, fast;
    const int32_t *bias, *multiplier;
    const int8_t *shift;
    const int32_t *lanes; /* lane_blocks, or NULL: then bias, multiplier and shift */
} rvfw_xcv_mm;

/* What the block assembly reads, at the offsets it names, and advances as it goes. */
typedef struct {
    const int8_t *x;      /*  0: the first pixel's row (pixels n bytes apart) */
    int32_t n;            /*  4 */
    const int8_t *w;      /*  8: the block's quads */
    int32_t groups;       /* 12: groups of four pixels per block */
    int8_t *out;          /* 16: the block's first output (pixel 0, the block's first channel) */
    int32_t out_c;        /* 20 */
    int32_t lo, hi;       /* 24, 28: the clamp (the min/max form) */
    const int32_t *lanes; /* 32: the block's lane_blocks record */
    int32_t blocks;       /* 36: blocks left */
    int32_t words;        /* 40: n / 4 */
    int32_t block_bytes;  /* 44: one block's quads */
} rvfw_xcv_job;

/* acc[4 i + j] += pixel i's words (rows x, x + n, x + 2n, x + 3n) dot channel j's, over `words`
 * words of quads w (the general requantisation's block; the sums go through memory). */
void rvfw_xcv_4x4(const int8_t *x, int32_t n, const int8_t *w, int32_t *acc, int32_t words);
/* Every full block of four output channels by every group of four pixels, each output
 * requantised where it is summed (the lanes' folded form): _clip for the clamp [-128, 127] (one
 * cv.clip), _clip_fix the same with the rounding's sign correction (a clamp below the zero point),
 * _minmax any clamp from the zero point up (cv.max, cv.min). */
void rvfw_xcv_blocks_clip(rvfw_xcv_job *job);
void rvfw_xcv_blocks_clip_fix(rvfw_xcv_job *job);
void rvfw_xcv_blocks_minmax(rvfw_xcv_job *job);

#if __riscv_xlen == 32
_Static_assert(offsetof(rvfw_xcv_job, block_bytes) == 44 && sizeof(void *) == 4, "the assembly's offsets");
#define RVFW_XCV_LW(rd, rs) "  .insn i 0x0b, 2, " rd ", " rs ", 4\n"
#define RVFW_XCV_DOT(acc, a, b) "  .insn r 0x7b, 1, 0x54, " acc ", " a ", " b "\n"
/* One word of taps for four pixels by four channels: pixel words t0 t1 t2 a6 (pointers a0-a3),
 * the channels' weight words a7 and ra in turn (pointer a4), sums s0-s3 pixel 0's channels, s4-s7
 * pixel 1's, s8-s11 pixel 2's, t3-t6 pixel 3's. Each load is used two instructions on or later
 * (a load's result used by the next instruction stalls the core a cycle): 24 instructions. */
#define RVFW_XCV_WORD_4X4                                                                                              \
    RVFW_XCV_LW("t0", "a0") RVFW_XCV_LW("t1", "a1") RVFW_XCV_LW("t2", "a2") RVFW_XCV_LW("a6", "a3")                    \
    RVFW_XCV_LW("a7", "a4") RVFW_XCV_LW("ra", "a4")                                                                    \
    RVFW_XCV_DOT("s0", "t0", "a7") RVFW_XCV_DOT("s4", "t1", "a7") RVFW_XCV_DOT("s8", "t2", "a7")                       \
    RVFW_XCV_DOT("t3", "a6", "a7") RVFW_XCV_LW("a7", "a4")                                                             \
    RVFW_XCV_DOT("s1", "t0", "ra") RVFW_XCV_DOT("s5", "t1", "ra") RVFW_XCV_DOT("s9", "t2", "ra")                       \
    RVFW_XCV_DOT("t4", "a6", "ra") RVFW_XCV_LW("ra", "a4")                                                             \
    RVFW_XCV_DOT("s2", "t0", "a7") RVFW_XCV_DOT("s6", "t1", "a7") RVFW_XCV_DOT("s10", "t2", "a7")                      \
    RVFW_XCV_DOT("t5", "a6", "a7")                                                                                     \
    RVFW_XCV_DOT("s3", "t0", "ra") RVFW_XCV_DOT("s7", "t1", "ra") RVFW_XCV_DOT("s11", "t2", "ra")                      \
    RVFW_XCV_DOT("t6", "a6", "ra")

__asm__(".text\n"
        ".balign 4\n"
        ".globl rvfw_xcv_4x4\n"
        ".type rvfw_xcv_4x4, @function\n"
        "rvfw_xcv_4x4:\n"
        "  blez a4, 9f\n"
        RVFW_ASM_SAVE_ALL
        "  sw a3, 52(sp)\n"
        "  lw s0, 0(a3)\n  lw s1, 4(a3)\n  lw s2, 8(a3)\n  lw s3, 12(a3)\n  lw s4, 16(a3)\n  lw s5, 20(a3)\n"
        "  lw s6, 24(a3)\n  lw s7, 28(a3)\n  lw s8, 32(a3)\n  lw s9, 36(a3)\n  lw s10, 40(a3)\n  lw s11, 44(a3)\n"
        "  lw t3, 48(a3)\n  lw t4, 52(a3)\n  lw t5, 56(a3)\n  lw t6, 60(a3)\n"
        "  slli a5, a4, 2\n"
        "  add a5, a5, a0\n" /* the end of pixel 0's words */
        "  mv a4, a2\n"
        "  add a1, a0, a1\n"
        "  sub a2, a1, a0\n"
        "  add a2, a2, a1\n"
        "  sub a3, a2, a1\n"
        "  add a3, a3, a2\n"
        "1:\n" RVFW_XCV_WORD_4X4
        "  bne a0, a5, 1b\n"
        "  lw a3, 52(sp)\n"
        "  sw s0, 0(a3)\n  sw s1, 4(a3)\n  sw s2, 8(a3)\n  sw s3, 12(a3)\n  sw s4, 16(a3)\n  sw s5, 20(a3)\n"
        "  sw s6, 24(a3)\n  sw s7, 28(a3)\n  sw s8, 32(a3)\n  sw s9, 36(a3)\n  sw s10, 40(a3)\n  sw s11, 44(a3)\n"
        "  sw t3, 48(a3)\n  sw t4, 52(a3)\n  sw t5, 56(a3)\n  sw t6, 60(a3)\n"
        RVFW_ASM_RESTORE_ALL
        "9:\n"
        "  ret\n"
        ".size rvfw_xcv_4x4, .-rvfw_xcv_4x4\n");

/* The block assembly's requantisation of one sum v (rvfw_xcv.h: the channel's multiplier t0, add
 * t1, shift1 t2; a6 the sign's scratch, or lo a6 and hi a7) and its store through a4, which then
 * moves on by out_c (ra): cv.sb v, (a4), ra. */
#define RVFW_XCV_STORE(v) "  .insn r 0x2b, 3, 0x10, ra, a4, " v "\n"
#define RVFW_XCV_CLIP(v) RVFW_XCV_ASM_CLIP(v, "t0", "t1", "t2", RVFW_XCV_STORE)
#define RVFW_XCV_CLIP_FIX(v) RVFW_XCV_ASM_CLIP_FIX(v, "t0", "t1", "t2", "a6", RVFW_XCV_STORE)
#define RVFW_XCV_MINMAX(v) RVFW_XCV_ASM_MINMAX(v, "t0", "t1", "t2", "a6", "a7", RVFW_XCV_STORE)
/* Channel j's four outputs: its constants from the block's record (word j of each row of four)
 * through `base` (LOAD puts it there), a4 to its output of pixel 0 (tp + j). */
#define RVFW_XCV_CHANNEL(OUT, LOAD, base, j, r0, r1, r2, r3)                                                          \
    LOAD "  lw t0, " #j "*4+16(" base ")\n  lw t1, " #j "*4+32(" base ")\n  lw t2, " #j "*4+48(" base ")\n"            \
         "  addi a4, tp, " #j "\n" OUT(r0) OUT(r1) OUT(r2) OUT(r3)

/* rvfw_xcv_blocks_*: blocks outside (gp the job; each block's pixel pointers a0-a3 from x, its
 * output pointer tp), groups of four pixels inside as hardware loop 1, each group's words as
 * hardware loop 0 (cv.setup L, count, end: the instructions after it up to `end` words on from it,
 * count times, with no branch or counter). Their bodies are word-aligned and uncompressed, and the
 * outer one ends past the inner's end (the core's rules); norelax keeps the linker from shortening
 * anything between a setup and its end. The sums start at the block's biases and leave as int8.
 * LANES: the block's record pointer where the clamp leaves a register for it (a7), else reloaded
 * per channel (a4). words: from the outer setup to the group loop's end, in instructions (the
 * assembler cannot take a label ahead as the setup's immediate; it checks the count once there). */
#define RVFW_XCV_BLOCKS(name, OUT, CLAMP, LANES, LOAD, base, words)                                                           \
    __asm__(".text\n"                                                                                                  \
            ".balign 4\n"                                                                                              \
            ".globl " name "\n"                                                                                        \
            ".type " name ", @function\n" name ":\n" RVFW_ASM_SAVE_ALL "  sw gp, 52(sp)\n  sw tp, 56(sp)\n"             \
            "  mv gp, a0\n"                                                                                            \
            "  lw a5, 4(gp)\n  slli t0, a5, 1\n  add a5, a5, t0\n" /* 3n: a group's pointers on to the next */       \
            "2:\n"                                                                                                     \
            "  lw a0, 0(gp)\n  lw t0, 4(gp)\n  lw tp, 16(gp)\n  lw t1, 12(gp)\n"                                       \
            "  add a1, a0, t0\n  add a2, a1, t0\n  add a3, a2, t0\n"                                                   \
            ".balign 4\n"                                                                                              \
            ".option push\n"                                                                                           \
            ".option norvc\n"                                                                                          \
            ".option norelax\n"                                                                                        \
            ".L" name "_setup: .insn i 0x2b, 4, x15, t1, " #words "\n" /* cv.setup 1, t1, words */                     \
            "  lw a4, 32(gp)\n"                                                                                        \
            "  lw s0, 0(a4)\n  lw s1, 4(a4)\n  lw s2, 8(a4)\n  lw s3, 12(a4)\n"                                        \
            "  mv s4, s0\n  mv s5, s1\n  mv s6, s2\n  mv s7, s3\n  mv s8, s0\n  mv s9, s1\n"                           \
            "  mv s10, s2\n  mv s11, s3\n  mv t3, s0\n  mv t4, s1\n  mv t5, s2\n  mv t6, s3\n"                         \
            "  lw a4, 8(gp)\n  lw t0, 40(gp)\n"                                                                        \
            "  .insn i 0x2b, 4, x14, t0, 25\n" /* cv.setup 0, t0, 25: the words */                                   \
            RVFW_XCV_WORD_4X4                                                                                          \
            "  add a0, a0, a5\n  add a1, a1, a5\n  add a2, a2, a5\n  add a3, a3, a5\n"                                 \
            "  lw ra, 20(gp)\n" CLAMP LANES                                                                            \
            RVFW_XCV_CHANNEL(OUT, LOAD, base, 0, "s0", "s4", "s8", "t3")                                               \
            RVFW_XCV_CHANNEL(OUT, LOAD, base, 1, "s1", "s5", "s9", "t4")                                               \
            RVFW_XCV_CHANNEL(OUT, LOAD, base, 2, "s2", "s6", "s10", "t5")                                              \
            RVFW_XCV_CHANNEL(OUT, LOAD, base, 3, "s3", "s7", "s11", "t6")                                              \
            "  addi tp, a4, -3\n" /* a4 is tp + 3 + 4 out_c: the next group's outputs */                              \
            ".L" name "_end:\n"                                                                                        \
            ".if .L" name "_end - .L" name "_setup != 4 * " #words "\n  .error \"" name ": the group loop's end\"\n.endif\n" \
            ".option pop\n"                                                                                            \
            "  lw t0, 8(gp)\n  lw t1, 44(gp)\n  lw t2, 16(gp)\n  lw a4, 32(gp)\n  lw a6, 36(gp)\n"                     \
            "  add t0, t0, t1\n  addi t2, t2, 4\n  addi a4, a4, 64\n  addi a6, a6, -1\n"                               \
            "  sw t0, 8(gp)\n  sw t2, 16(gp)\n  sw a4, 32(gp)\n  sw a6, 36(gp)\n  bnez a6, 2b\n"                       \
            "  lw gp, 52(sp)\n  lw tp, 56(sp)\n" RVFW_ASM_RESTORE_ALL "  ret\n"                                        \
            ".size " name ", .-" name "\n")

RVFW_XCV_BLOCKS("rvfw_xcv_blocks_clip", RVFW_XCV_CLIP, "", "  lw a7, 32(gp)\n", "", "a7", 164);
RVFW_XCV_BLOCKS("rvfw_xcv_blocks_clip_fix", RVFW_XCV_CLIP_FIX, "", "  lw a7, 32(gp)\n", "", "a7", 212);
RVFW_XCV_BLOCKS("rvfw_xcv_blocks_minmax", RVFW_XCV_MINMAX, "  lw a6, 24(gp)\n  lw a7, 28(gp)\n", "",
                "  lw a4, 32(gp)\n", "a4", 185);
#else
void rvfw_xcv_4x4(const int8_t *x, int32_t n, const int8_t *w, int32_t *acc, int32_t words)
{
    for (int32_t k = 0; k < words; ++k)
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j)
                for (int t = 0; t < 4; ++t)
                    acc[4 * i + j] += x[i * n + 4 * k + t] * w[16 * k + 4 * j + t];
}

/* The assembly's arithmetic in C (the kernel is built for RV32 cores only; this keeps it compiling
 * for the others). */
static void blocks_c(rvfw_xcv_job *job, int fix, int minmax)
{
    for (; job->blocks > 0; --job->blocks, job->w += job->block_bytes, job->out += 4, job->lanes += 16) {
        const int8_t *x = job->x;
        int8_t *out = job->out;
        for (int32_t g = 0; g < job->groups; ++g, x += 4 * job->n, out += 4 * job->out_c) {
            int32_t acc[16];
            for (int i = 0; i < 16; ++i)
                acc[i] = job->lanes[i & 3];
            rvfw_xcv_4x4(x, job->n, job->w, acc, job->words);
            for (int i = 0; i < 16; ++i) {
                const int j = i & 3;
                int32_t v = rvfw_requantize_folded(acc[i], job->lanes[4 + j], job->lanes[8 + j], job->lanes[12 + j], fix);
                v = minmax ? rvfw_clamp(v, job->lo, job->hi) : rvfw_clamp(v, -128, 127);
                out[(i >> 2) * job->out_c + j] = (int8_t)v;
            }
        }
    }
}
void rvfw_xcv_blocks_clip(rvfw_xcv_job *job) { blocks_c(job, 0, 0); }
void rvfw_xcv_blocks_clip_fix(rvfw_xcv_job *job) { blocks_c(job, 1, 0); }
void rvfw_xcv_blocks_minmax(rvfw_xcv_job *job) { blocks_c(job, 0, 1); }
#endif

/* One block of four output channels (oc..oc+3; those at out_c or past it have zero weights and
 * are not stored): its biases and requantisation, read once for all the pixels it runs over. */
typedef struct {
    int32_t oc, count, bias[4];
    const int32_t *lane; /* its lane_blocks record, or NULL: mult and shift, TFLite Micro's form */
    int32_t mult[4], shift[4];
    int fix; /* with a lane record: the rounding's sign correction (a clamp below the zero point) */
    const int8_t *w;
} rvfw_xcv_channels;

/* The outputs of the block's channels for `pixels` pixels from their sums acc[4 i + j]. */
static void store_block(const rvfw_xcv_mm *m, const rvfw_xcv_channels *k, int8_t *out, const int32_t *acc, int pixels)
{
    const int32_t out_c = m->out_c, offset = m->offset, lo = m->lo, hi = m->hi;
    out += k->oc;
    for (int i = 0; i < pixels; ++i, out += out_c)
        for (int32_t j = 0; j < k->count; ++j)
            out[j] = k->lane ? (int8_t)rvfw_xcv_clamp(rvfw_requantize_folded(acc[4 * i + j], k->lane[4 + j],
                                                                              k->lane[8 + j], k->lane[12 + j], k->fix),
                                                       lo, hi)
                             : rvfw_xcv_output(m->fast, acc[4 * i + j], k->mult[j], k->shift[j], offset, lo, hi);
}

/* Four pixels (rows x, x + n, ...) by the block: sixteen outputs. */
static void block_4x4(const rvfw_xcv_mm *m, const rvfw_xcv_channels *k, const int8_t *x, int8_t *out)
{
    const int32_t n = m->n;
    const int8_t *w = k->w;
    int32_t acc[16];
    for (int j = 0; j < 4; ++j)
        acc[j] = acc[4 + j] = acc[8 + j] = acc[12 + j] = k->bias[j];
    rvfw_xcv_4x4(x, n, w, acc, n >> 2);
    for (int32_t t = n & ~3; t < n; ++t) /* the last one to three taps */
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j)
                acc[4 * i + j] += x[i * n + t] * RVFW_QUAD_W(w, j, t);
    store_block(m, k, out, acc, 4);
}

/* One pixel by the block. */
static void block_1x4(const rvfw_xcv_mm *m, const rvfw_xcv_channels *k, const int8_t *x, int8_t *out)
{
    const int32_t n = m->n;
    const int8_t *x0 = x, *w = k->w, *wp = w;
    int32_t a0 = k->bias[0], a1 = k->bias[1], a2 = k->bias[2], a3 = k->bias[3];
    for (int32_t kw = n >> 2; kw > 0; --kw) {
        int32_t p0, u0, u1, u2, u3;
        RVFW_LW_POST4(p0, x0);
        RVFW_LW_POST4(u0, wp);
        RVFW_LW_POST4(u1, wp);
        RVFW_LW_POST4(u2, wp);
        RVFW_LW_POST4(u3, wp);
        RVFW_SDOTSP_B(a0, p0, u0);
        RVFW_SDOTSP_B(a1, p0, u1);
        RVFW_SDOTSP_B(a2, p0, u2);
        RVFW_SDOTSP_B(a3, p0, u3);
    }
    for (int32_t t = n & ~3; t < n; ++t) {
        const int32_t y = x[t];
        a0 += y * RVFW_QUAD_W(w, 0, t), a1 += y * RVFW_QUAD_W(w, 1, t);
        a2 += y * RVFW_QUAD_W(w, 2, t), a3 += y * RVFW_QUAD_W(w, 3, t);
    }
    const int32_t acc[4] = {a0, a1, a2, a3};
    store_block(m, k, out, acc, 1);
}

/* Block oc's constants (its lane record, or TFLite Micro's multipliers and shifts) and weights. */
static void block(const rvfw_xcv_mm *m, int32_t oc, const int8_t *quads, rvfw_xcv_channels *k)
{
    k->oc = oc, k->count = m->out_c - oc < 4 ? m->out_c - oc : 4, k->w = quads + (oc >> 2) * ((m->n + 3) >> 2) * 16;
    k->lane = m->lanes ? m->lanes + (oc >> 2) * 16 : 0, k->fix = m->lo < m->offset;
    for (int j = 0; j < 4; ++j) {
        const int inside = j < k->count;
        k->bias[j] = k->lane ? k->lane[j] : inside ? m->bias[oc + j] : 0;
        k->mult[j] = !k->lane && inside ? m->multiplier[oc + j] : 0;
        k->shift[j] = !k->lane && inside ? m->shift[oc + j] : 0;
    }
}

/* One pixel summed over its window in place (taps in the padding take the input's zero point),
 * for the last pixels of a layer without column scratch, whose outputs overwrite the columns
 * in the output's tail: plain multiplies over the quads' bytes. */
static void one_pixel(const rvfw_conv_params *p, const rvfw_xcv_mm *m, const int8_t *input, const int8_t *quads,
                      int32_t pixel, int8_t *out)
{
    const int32_t in_c = p->in_c, in_w = p->in_w, in_h = p->in_h, zero_point = -p->input_offset;
    const int32_t ox = pixel % p->out_w, oy = pixel / p->out_w % p->out_h, b = pixel / (p->out_w * p->out_h);
    const int8_t *in_batch = input + b * in_h * in_w * in_c;
    const int32_t y0 = oy * p->stride_h - p->pad_h, x0 = ox * p->stride_w - p->pad_w;
    rvfw_xcv_channels k;
    for (int32_t oc = 0; oc < m->out_c; oc += 4) {
        block(m, oc, quads, &k);
        int32_t acc[4] = {k.bias[0], k.bias[1], k.bias[2], k.bias[3]};
        for (int32_t ky = 0, t = 0; ky < p->k_h; ++ky) {
            const int32_t y = y0 + ky * p->dilation_h;
            for (int32_t kx = 0; kx < p->k_w; ++kx) {
                const int32_t xx = x0 + kx * p->dilation_w;
                const int inside = y >= 0 && y < in_h && xx >= 0 && xx < in_w;
                const int8_t *x = in_batch + (y * in_w + xx) * in_c;
                for (int32_t c = 0; c < in_c; ++c, ++t) {
                    const int32_t v = inside ? x[c] : zero_point;
                    for (int j = 0; j < 4; ++j)
                        acc[j] += v * RVFW_QUAD_W(k.w, j, t);
                }
            }
        }
        store_block(m, &k, out, acc, 1);
    }
}

/* The pixels and blocks the block assembly takes (the lanes' form, whole words of taps, whole
 * blocks and groups of four pixels): the one whose clamp it has, or NULL. */
static void (*assembly(const rvfw_xcv_mm *m))(rvfw_xcv_job *)
{
    if (!m->lanes || (m->n & 3) || m->n == 0)
        return 0;
    const int fix = m->lo < m->offset, clip = m->lo == -128 && m->hi == 127;
    return clip ? (fix ? rvfw_xcv_blocks_clip_fix : rvfw_xcv_blocks_clip) : fix ? 0 : rvfw_xcv_blocks_minmax;
}

/* Output channel blocks outside, pixels inside: each block's constants set up once. */
static void matmul(const rvfw_xcv_mm *m, const int8_t *input, int32_t pixels, const int8_t *quads, int8_t *output)
{
    const int32_t n = m->n, out_c = m->out_c, block_bytes = ((n + 3) >> 2) * 16;
    void (*fast)(rvfw_xcv_job *) = assembly(m);
    const int32_t groups = fast ? pixels >> 2 : 0, full = fast && groups ? out_c >> 2 : 0;
    if (full) {
        rvfw_xcv_job job = {input, n, quads, groups, output, out_c, m->lo, m->hi, m->lanes, full, n >> 2, block_bytes};
        fast(&job);
    }
    rvfw_xcv_channels k;
    /* the blocks the assembly ran over every pixel skip to the next */
    for (int32_t oc = 4 * groups == pixels ? 4 * full : 0; oc < out_c; oc += 4) {
        block(m, oc, quads, &k);
        int32_t px = oc < 4 * full ? 4 * groups : 0; /* the assembly's pixels done */
        for (; px + 4 <= pixels; px += 4)
            block_4x4(m, &k, input + px * n, output + px * out_c);
        for (; px < pixels; ++px) /* the last one to three pixels */
            block_1x4(m, &k, input + px * n, output + px * out_c);
    }
}

RVFW_KERNEL void rvfw_conv2d_s8_xcvsimd(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_quads,
                                        const int32_t *bias_folded, const int32_t *output_multiplier,
                                        const int8_t *output_shift, int8_t *output, int8_t *col,
                                        const int32_t *lanes)
{
    const int32_t pixels = p->batches * p->out_h * p->out_w, n = p->k_h * p->k_w * p->in_c;
    rvfw_xcv_mm m = {p->out_c, n, p->output_offset, p->output_activation_min, p->output_activation_max,
                     p->fast_requant, bias_folded, output_multiplier, output_shift, lanes};
    if (rvfw_conv_pointwise(p)) {
        matmul(&m, input, pixels, filter_quads, output);
        return;
    }
    /* im2col rows in whole words (the quads' padded taps have zero weights), so the assembly takes
     * every layer; pixels [0, columns_end) run on columns, without column scratch in the output's
     * tail (the plan's spare scratch is RVFW_CONV_XCV_COLUMNS(n) at least) */
    m.n = RVFW_CONV_XCV_ROW(n);
    const int32_t columns_end = col ? pixels : rvfw_tail_columns(output, pixels, m.out_c, RVFW_CONV_XCV_COLUMNS(n), &col);
    for (int32_t px = 0; px < columns_end; px += RVFW_CONV_IM2COL_PIXELS) {
        const int32_t count = columns_end - px < RVFW_CONV_IM2COL_PIXELS ? columns_end - px : RVFW_CONV_IM2COL_PIXELS;
        rvfw_im2col_s8(p, input, px, count, col, m.n);
        matmul(&m, col, count, filter_quads, output + px * m.out_c);
    }
    /* The last pixels' outputs overwrite those columns: each pixel's own column goes after its
     * outputs, at the end of the output, while there is room; the very last are summed in place. */
    /* the one column's offset in the output (an offset: a pointer before the output is never formed) */
    const int32_t one = pixels * m.out_c - m.n;
    for (int32_t px = columns_end; px < pixels; ++px) {
        if (one >= (px + 1) * m.out_c) {
            rvfw_im2col_s8(p, input, px, 1, output + one, m.n);
            matmul(&m, output + one, 1, filter_quads, output + px * m.out_c);
        } else
            one_pixel(p, &m, input, filter_quads, px, output + px * m.out_c);
    }
}
