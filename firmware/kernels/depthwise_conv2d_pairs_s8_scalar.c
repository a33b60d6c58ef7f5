/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, int8, 3x3, stride 1, depth multiplier 1, for cores whose multiply costs more
 * than an add: two output pixels per 32-bit multiply, one channel at a time.
 *
 * Along a line of the input (a row, or a column where the output is taller than wide: KWS's 25x5
 * maps), three kernel taps (w0, w1, w2) over input positions a, b, c, d give two neighbouring output
 * pixels: the first a w0 + b w1 + c w2, the second b w0 + c w1 + d w2. With the inputs packed in
 * pairs, X_ab = a + 65536 b, X_bc and X_cd, the products X_ab w0, X_bc w1, X_cd w2 hold the first
 * pixel's three products in their low halves and the second pixel's in their high halves: three
 * multiplies for six MACs. A word summed over at most two such products is exact (raw int8 inputs,
 * weights in [-127, 127], the build checks: each half within +-32512), and its high half is
 * (S + 0x8000) >> 16; the running sums P of the words and H of the high halves give the first
 * pixel's sum as P - (H << 16) (as conv2d_pairs_s8_scalar).
 *
 * Each input line of the channel is packed once, X[j] = x[j] + 65536 x[j + 1] over a segment of
 * the line with the input's zero point in the padding (so the folded bias serves every pixel, and
 * a kernel line outside the input is a line of zero points): every pair then reads two words per
 * kernel line, no position checked, no packing in the loop. The packed lines live in a ring of
 * three slots on the stack, input line y in slot y % 3; the pair loop takes the three slots an
 * output line reads as three pointers. A line longer than a segment (RVFW_DW_PAIRS_SEG outputs)
 * runs segment by segment, so the slots' size bounds every write whatever the layer's shape. The
 * sums start at the channel's bias (P at bias + 65536 bias, H at bias).
 *
 * On RV32 one assembly call runs a block of up to RVFW_DW_PAIRS_BLOCK output lines, the block's
 * input lines packed one after the other (RVFW_DW_PAIRS_SLOT words apart, a line outside the input
 * packed as zero points), so one pointer with fixed offsets reads all three kernel lines. Each pair
 * is requantised and stored where it is summed (nothing goes through memory): nine weights, three
 * carried words, the sums, the requantisation's constants (rvfw_requant_lane: the zero point folded
 * in) and the pointers take all 28 free registers; the bias and the outer loop's counters live in
 * the frame. Where the activation's lower bound is at or above the output zero point (ReLU, ReLU6),
 * the rounding's sign correction is left out: it only moves negative values, and every negative
 * value clamps to that bound either way (rvfw_dw3_rq_relu). */
#include <stddef.h>

#include "rvfw_asm_rv32.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

#define RVFW_DW_PAIRS_SEG 48   /* output pixels per segment of a line */
#define RVFW_DW_PAIRS_SLOT 50  /* packed words per line: the segment and two taps on */
#define RVFW_DW_PAIRS_BLOCK 6  /* output lines per call: their input lines packed on the stack */
_Static_assert(RVFW_DW_PAIRS_SLOT == RVFW_DW_PAIRS_SEG + 2, "a line holds a segment's packed words");
_Static_assert(RVFW_DW_PAIRS_SLOT * 4 == 200, "the assembly reads lines 200 and 400 bytes on");

/* One call's work (the assembly reads these offsets: keep the order). */
typedef struct {
    int32_t w[9];                 /* 0: [line][along] */
    int32_t bias_p, bias_h;       /* 36: the sums' start, bias + 65536 bias and bias */
    int32_t multiplier, add, shift1, lo, hi; /* 44: rvfw_requant_lane's, the clamp */
    const int32_t *lines;         /* 64: the block's first packed input line */
    int8_t *out;                  /* 68: its first output */
    int32_t out_along, out_across; /* 72: bytes from an output to the next along a line, and across */
    int32_t count;                /* 80: output lines, >= 1 */
    int32_t pairs;                /* 84: whole pairs a line */
    int32_t odd;                  /* 88: one more output a line */
} rvfw_dw3_job;
_Static_assert(offsetof(rvfw_dw3_job, lines) == 64 && offsetof(rvfw_dw3_job, odd) == 88, "the assembly's offsets");

void rvfw_dw3_rq(const rvfw_dw3_job *job);
void rvfw_dw3_rq_relu(const rvfw_dw3_job *job);
/* Stride 2 both ways: the block's lines packed by pack(gap 2), an output line every second input line. */
void rvfw_dw3s2_rq(const rvfw_dw3_job *job);
void rvfw_dw3s2_rq_relu(const rvfw_dw3_job *job);

#if __riscv_xlen == 32
/* s0-s8 weights, s9-s11 the carried X_ab of lines 0-2, a0 the pair's words in line 0 (lines 1, 2:
 * 200, 400 bytes on), a1 its output, a2 out_along, a3 the line's end, a4 0x8000, a5 P then the
 * first output, a6 H then the second, a7 the multiplier, t3 the rounding constant, t4 the shift,
 * t5 lo, t6 hi, t0-t2 and ra temporaries, gp and tp the sums' start (bias_p, bias_h). Frame: 8 the
 * line pointer, 12 the output line, 16 out_across, 20 lines left, 24 the pairs' bytes, 28 odd; gp
 * and tp saved in the frame of RVFW_ASM_SAVE_ALL (its words 13 and 14). */
/* A kernel line's products once its pair's words are in xab, t0 and t1: the pair-sum word into P
 * and H (from p0 and h0), the third product alone into `single`; carry runs after the multiplies. */
#define RVFW_DW_PRODUCTS(xab, w0, w1, w2, single, p0, h0, carry)                                                      \
    "  mul t2, " xab ", " w0 "\n"                                                                                       \
    "  mul t0, t0, " w1 "\n"                                                                                            \
    "  add t2, t2, t0\n"                                                                                                \
    "  mul " single ", t1, " w2 "\n" carry                                                                              \
    "  add a5, " p0 ", t2\n"                                                                                            \
    "  add t2, t2, a4\n"                                                                                                \
    "  srai t2, t2, 16\n"                                                                                               \
    "  add a6, " h0 ", t2\n"
/* Stride 1: X_bc and X_cd loaded, X_ab carried from the last pair (its X_cd). */
#define RVFW_DW_LINE(off, xab, w0, w1, w2, single, p0, h0)                                                            \
    "  lw t0, " #off "+4(a0)\n  lw t1, " #off "+8(a0)\n"                                                             \
        RVFW_DW_PRODUCTS(xab, w0, w1, w2, single, p0, h0, "  mv " xab ", t1\n")
/* Stride 2: the pair's three words of a kernel line are loaded (E[j], O[j], E[j + 1]: see pack2),
 * none carried. */
#define RVFW_DW_LINE2(off, xab, w0, w1, w2, single, p0, h0)                                                           \
    "  lw " xab ", " #off "(a0)\n  lw t0, " #off "+4(a0)\n  lw t1, " #off "+8(a0)\n"                                   \
        RVFW_DW_PRODUCTS(xab, w0, w1, w2, single, p0, h0, "")
#define RVFW_DW_WORD(r) /* a one-word sum of two single products into P and H */                                      \
    "  add a5, a5, " r "\n"                                                                                             \
    "  add " r ", " r ", a4\n"                                                                                          \
    "  srai " r ", " r ", 16\n"                                                                                         \
    "  add a6, a6, " r "\n"
#define RVFW_DW_SIGNFIX(v) "  srai t0, " v ", 31\n  add " v ", " v ", t0\n  add " v ", " v ", t0\n"
#define RVFW_DW_NOFIX(v) ""
/* requantise v (rvfw_requantize_lane; fix: RVFW_DW_SIGNFIX, or RVFW_DW_NOFIX where every negative
 * value clamps anyway), clamp (out of line: lo_label, hi_label), store at `at`. */
#define RVFW_DW_RQ(v, fix, lo_label, hi_label, back, at)                                                             \
    "  slli " v ", " v ", 2\n"                                                                                          \
    "  mulh " v ", " v ", a7\n" fix(v) "  add " v ", " v ", t3\n"                                                        \
    "  sra " v ", " v ", t4\n"                                                                                          \
    "  blt " v ", t5, " lo_label "\n"                                                                                   \
    "  blt t6, " v ", " hi_label "\n" back ":\n"                                                                      \
    "  sb " v ", 0(" at ")\n"
/* the first line's sums start at the bias (gp: bias + 65536 bias, tp: bias); LINE the stride's */
#define RVFW_DW_SUMS(LINE)                                                                                             \
    LINE(0, "s9", "s0", "s1", "s2", "ra", "gp", "tp")                                                                  \
    LINE(200, "s10", "s3", "s4", "s5", "t0", "a5", "a6")                                                               \
    "  add ra, ra, t0\n" RVFW_DW_WORD("ra") LINE(400, "s11", "s6", "s7", "s8", "t0", "a5", "a6")                     \
    RVFW_DW_WORD("t0")                                                                                                 \
    "  slli t0, a6, 16\n"                                                                                               \
    "  sub a5, a5, t0\n"
/* LINE the stride's kernel line, pair the bytes a pair of outputs advances (8: stride 1, 16: 2),
 * pairs_shift its log2, across the bytes an output line advances (one slot of 200, or two). */
#define RVFW_DW_FUNCTION(name, fix, LINE, pair, pairs_shift, across)                                                  \
    ".balign 4\n"                                                                                                       \
    ".globl " name "\n"                                                                                                 \
    ".type " name ", @function\n" name ":\n" RVFW_ASM_SAVE_ALL "  addi sp, sp, -32\n  sw gp, 84(sp)\n  sw tp, 88(sp)\n" \
    "  lw gp, 36(a0)\n  lw tp, 40(a0)\n"                                                                               \
    "  lw t0, 64(a0)\n  sw t0, 8(sp)\n"                                                                                 \
    "  lw t0, 68(a0)\n  sw t0, 12(sp)\n  lw t0, 76(a0)\n  sw t0, 16(sp)\n  lw t0, 80(a0)\n  sw t0, 20(sp)\n"          \
    "  lw t0, 84(a0)\n  slli t0, t0, " #pairs_shift "\n  sw t0, 24(sp)\n  lw t0, 88(a0)\n  sw t0, 28(sp)\n"             \
    "  lw s0, 0(a0)\n  lw s1, 4(a0)\n  lw s2, 8(a0)\n  lw s3, 12(a0)\n  lw s4, 16(a0)\n  lw s5, 20(a0)\n"              \
    "  lw s6, 24(a0)\n  lw s7, 28(a0)\n  lw s8, 32(a0)\n"                                                             \
    "  lw a7, 44(a0)\n  lw t3, 48(a0)\n  lw t4, 52(a0)\n  lw t5, 56(a0)\n  lw t6, 60(a0)\n  lw a2, 72(a0)\n"          \
    "  lui a4, 8\n" name "_line:\n"                                                                                    \
    "  lw a0, 8(sp)\n  lw a1, 12(sp)\n"                                                                                \
    "  lw s9, 0(a0)\n  lw s10, 200(a0)\n  lw s11, 400(a0)\n"                                                           \
    "  lw a3, 24(sp)\n  add a3, a3, a0\n"                                                                             \
    "  beq a0, a3, " name "_odd\n" name "_pair:\n" RVFW_DW_SUMS(LINE)                                               \
    RVFW_DW_RQ("a5", fix, name "_lo1", name "_hi1", name "_st1", "a1")                                              \
    "  add t1, a1, a2\n"                                                                                                \
    RVFW_DW_RQ("a6", fix, name "_lo2", name "_hi2", name "_st2", "t1")                                              \
    "  add a1, t1, a2\n"                                                                                                \
    "  addi a0, a0, " #pair "\n"                                                                                         \
    "  bne a0, a3, " name "_pair\n" name "_odd:\n"                                                                 \
    "  lw t0, 28(sp)\n"                                                                                                 \
    "  beqz t0, " name "_next\n" RVFW_DW_SUMS(LINE) RVFW_DW_RQ("a5", fix, name "_lo3", name "_hi3", name "_st3", "a1") \
    name "_next:\n"                                                                                                    \
    "  lw t0, 8(sp)\n  addi t0, t0, " #across "\n  sw t0, 8(sp)\n"                                                      \
    "  lw t0, 12(sp)\n  lw t1, 16(sp)\n  add t0, t0, t1\n  sw t0, 12(sp)\n"                                           \
    "  lw t0, 20(sp)\n  addi t0, t0, -1\n  sw t0, 20(sp)\n"                                                           \
    "  bnez t0, " name "_line\n"                                                                                       \
    "  lw gp, 84(sp)\n  lw tp, 88(sp)\n  addi sp, sp, 32\n" RVFW_ASM_RESTORE_ALL "  ret\n"                           \
    name "_lo1:\n  mv a5, t5\n  j " name "_st1\n" name "_hi1:\n  mv a5, t6\n  j " name "_st1\n"                     \
    name "_lo2:\n  mv a6, t5\n  j " name "_st2\n" name "_hi2:\n  mv a6, t6\n  j " name "_st2\n"                     \
    name "_lo3:\n  mv a5, t5\n  j " name "_st3\n" name "_hi3:\n  mv a5, t6\n  j " name "_st3\n"                     \
    ".size " name ", .-" name "\n"
__asm__(".text\n" RVFW_DW_FUNCTION("rvfw_dw3_rq", RVFW_DW_SIGNFIX, RVFW_DW_LINE, 8, 3, 200)
            RVFW_DW_FUNCTION("rvfw_dw3_rq_relu", RVFW_DW_NOFIX, RVFW_DW_LINE, 8, 3, 200)
                RVFW_DW_FUNCTION("rvfw_dw3s2_rq", RVFW_DW_SIGNFIX, RVFW_DW_LINE2, 16, 4, 400)
                    RVFW_DW_FUNCTION("rvfw_dw3s2_rq_relu", RVFW_DW_NOFIX, RVFW_DW_LINE2, 16, 4, 400));
#else
/* The same arithmetic in C (the RV64 builds of this kernel): exact sums from the packed words' low
 * halves (word i holds input position i), then rvfw_requantize_lane. */
static void dw3_rq(const rvfw_dw3_job *job, int32_t stride)
{
    const rvfw_requant_lane lane = {0, job->multiplier, job->shift1, job->add};
    for (int32_t line = 0; line < job->count; ++line) {
        const int32_t *x = job->lines + stride * line * RVFW_DW_PAIRS_SLOT;
        int8_t *out = job->out + line * job->out_across;
        for (int32_t j = 0; j < 2 * job->pairs + job->odd; ++j) {
            int32_t acc = job->bias_h;
            for (int i = 0; i < 3; ++i)
                for (int k = 0; k < 3; ++k)
                    acc += (int16_t)(x[i * RVFW_DW_PAIRS_SLOT + stride * j + k] & 0xFFFF) * job->w[3 * i + k];
            out[j * job->out_along] = (int8_t)rvfw_clamp(rvfw_requantize_lane(&lane, acc), job->lo, job->hi);
        }
    }
}
void rvfw_dw3_rq(const rvfw_dw3_job *job) { dw3_rq(job, 1); }
void rvfw_dw3_rq_relu(const rvfw_dw3_job *job) { dw3_rq(job, 1); }
void rvfw_dw3s2_rq(const rvfw_dw3_job *job) { dw3_rq(job, 2); }
void rvfw_dw3s2_rq_relu(const rvfw_dw3_job *job) { dw3_rq(job, 2); }
#endif

/* Pack input line `line` of the channel into slot: the segment's packed words X[j] = x[j] + 65536
 * x[j + 1], j in [0, n + 2), x[j] the input at position first + j of the line, zero points outside
 * it; line NULL: a line outside the input, all zero points, written only where the slot does not
 * hold them already (*zp_words: how many it holds; a packed line sets it to 0). */
static inline __attribute__((always_inline)) void pack(int32_t *slot, int32_t *zp_words, const int8_t *line, int32_t first, int32_t n, int32_t length,
                 int32_t step, int32_t zp)
{
    const int32_t words = n + 2, high_zp = (int32_t)((uint32_t)zp << 16);
    if (!line) {
        for (int32_t j = *zp_words; j < words; ++j)
            slot[j] = zp + high_zp;
        *zp_words = words > *zp_words ? words : *zp_words;
        return;
    }
    *zp_words = 0;
    /* positions q = j + 1 of the words' second halves: [1, lo) before the line, [lo, hi) in it */
    const int32_t lo = -first > 1 ? -first : 1;
    const int32_t hi = length - first < words + 1 ? length - first : words + 1;
    int32_t prev = first < 0 ? zp : line[first * step];
    int32_t q = 1;
    for (; q < lo; ++q) {
        slot[q - 1] = prev + high_zp;
        prev = zp;
    }
    const int8_t *src = line + (first + q) * step;
    int32_t *d = slot + q - 1;
    /* four words a turn, by pointers: a byte load, a shift, an add and a store a word */
    const int32_t step2 = 2 * step, step3 = 3 * step, step4 = 4 * step;
    for (int32_t *end = slot + hi - 1; d + 4 <= end; d += 4, src += step4) {
        const int32_t b0 = src[0], b1 = src[step], b2 = src[step2], b3 = src[step3];
        d[0] = prev + (int32_t)((uint32_t)b0 << 16);
        d[1] = b0 + (int32_t)((uint32_t)b1 << 16);
        d[2] = b1 + (int32_t)((uint32_t)b2 << 16);
        d[3] = b2 + (int32_t)((uint32_t)b3 << 16);
        prev = b3;
    }
    for (q = (int32_t)(d - slot) + 1; q < hi; ++q, src += step) {
        const int32_t next = *src;
        slot[q - 1] = prev + (int32_t)((uint32_t)next << 16);
        prev = next;
    }
    for (; q <= words; ++q) {
        slot[q - 1] = prev + high_zp;
        prev = zp;
    }
}

/* pack() for stride 2: word i = x[i] + 65536 x[i + 2], i in [0, 2n + 1), so output j's taps are the
 * low halves of words 2j .. 2j + 2 and output j + 1's their high halves (E[j] = word 2j, O[j] = word
 * 2j + 1, E[j + 1]). */
static void pack2(int32_t *slot, int32_t *zp_words, const int8_t *line, int32_t first, int32_t n, int32_t length,
                  int32_t step, int32_t zp)
{
    const int32_t words = 2 * n + 1, high_zp = (int32_t)((uint32_t)zp << 16);
    if (!line) {
        for (int32_t j = *zp_words; j < words; ++j)
            slot[j] = zp + high_zp;
        *zp_words = words > *zp_words ? words : *zp_words;
        return;
    }
    *zp_words = 0;
    const int8_t *src = line + first * step;
#define RVFW_DW_AT(k) (first + (k) >= 0 && first + (k) < length ? src[(k) * step] : zp)
    int32_t a = RVFW_DW_AT(0), b = RVFW_DW_AT(1), i = 0;
    /* positions i + 2 inside the line: no test, the byte two on loaded once; two words a turn */
    const int32_t inside_from = -first - 2 > 0 ? -first - 2 : 0;
    const int32_t inside_to = length - first - 2 < words ? length - first - 2 : words;
    for (; i < inside_from; ++i) {
        const int32_t c = RVFW_DW_AT(i + 2);
        slot[i] = a + (int32_t)((uint32_t)c << 16);
        a = b, b = c;
    }
    const int8_t *q = src + (i + 2) * step;
    for (; i + 2 <= inside_to; i += 2, q += 2 * step) {
        const int32_t c = q[0], d = q[step];
        slot[i] = a + (int32_t)((uint32_t)c << 16);
        slot[i + 1] = b + (int32_t)((uint32_t)d << 16);
        a = c, b = d;
    }
    for (; i < words; ++i) {
        const int32_t c = RVFW_DW_AT(i + 2);
        slot[i] = a + (int32_t)((uint32_t)c << 16);
        a = b, b = c;
    }
#undef RVFW_DW_AT
}

/* A layer's lines: pairs run along the output's longer side (fewer lines to set up, fewer odd
 * ends), `along` that side and `across` the other. */
typedef struct {
    int32_t lines, count, pad_across, pad_along, across_len, along_len, across_step, along_step;
    int32_t zp, out_offset, lo, hi;
} rvfw_dw3_layer;

/* One channel's segments and blocks of output lines (the block's input lines packed, then one
 * assembly call): `stride` a constant where inlined, so each stride's loops are plain. At stride 2 a
 * segment is half as long (its words are two a pixel) and a block three output lines (seven input
 * lines). */
static inline __attribute__((always_inline)) void channel_blocks(const int32_t stride, const rvfw_dw3_layer *L,
                                                                 rvfw_dw3_job *job, const int8_t *in_c, int8_t *out_c,
                                                                 int folded, int32_t m, int32_t sh,
                                                                 int32_t packed[][RVFW_DW_PAIRS_SLOT], int32_t *zp_words)
{
    const int32_t seg = stride == 1 ? RVFW_DW_PAIRS_SEG : RVFW_DW_PAIRS_SEG / 2;
    const int32_t block = stride == 1 ? RVFW_DW_PAIRS_BLOCK : (RVFW_DW_PAIRS_BLOCK + 1) / 2;
    void (*const run)(const rvfw_dw3_job *) = stride == 1 ? (L->lo >= L->out_offset ? rvfw_dw3_rq_relu : rvfw_dw3_rq)
                                                          : (L->lo >= L->out_offset ? rvfw_dw3s2_rq_relu : rvfw_dw3s2_rq);
    for (int32_t s0 = 0; s0 < L->count; s0 += seg) {
        const int32_t n = L->count - s0 < seg ? L->count - s0 : seg;
        const int32_t first = s0 * stride - L->pad_along;
        job->pairs = n >> 1, job->odd = n & 1;
        for (int32_t o0 = 0; o0 < L->lines; o0 += block) {
            const int32_t nl = L->lines - o0 < block ? L->lines - o0 : block;
            for (int32_t r = 0; r < (nl - 1) * stride + 3; ++r) { /* input line o0 s + r - pad_across */
                const int32_t y = o0 * stride + r - L->pad_across;
                const int8_t *line = y >= 0 && y < L->across_len ? in_c + y * L->across_step : NULL;
                if (stride == 1)
                    pack(packed[r], &zp_words[r], line, first, n, L->along_len, L->along_step, L->zp);
                else
                    pack2(packed[r], &zp_words[r], line, first, n, L->along_len, L->along_step, L->zp);
            }
            int8_t *out = out_c + o0 * job->out_across + s0 * job->out_along;
            if (folded) {
                job->lines = &packed[0][0], job->out = out, job->count = nl;
                run(job);
                continue;
            }
            /* a layer the fast requantisation does not cover: TFLite Micro's, from the exact sums */
            for (int32_t o = 0; o < nl; ++o)
                for (int32_t j = 0; j < n; ++j) {
                    int32_t acc = job->bias_h;
                    for (int i = 0; i < 3; ++i)
                        for (int k = 0; k < 3; ++k)
                            acc += (int16_t)(packed[stride * o + i][stride * j + k] & 0xFFFF) * job->w[3 * i + k];
                    out[o * job->out_across + j * job->out_along] =
                        rvfw_requantize_s8(acc, m, sh, L->out_offset, L->lo, L->hi);
                }
        }
    }
}

RVFW_KERNEL void rvfw_depthwise_conv2d_pairs_s8_scalar(const rvfw_conv_params *p, const int8_t *input,
                                                       const int8_t *filter, const int32_t *bias_folded,
                                                       const int32_t *output_multiplier,
                                                       const int8_t *output_shift, int8_t *output)
{
    const int32_t ch = p->in_c, in_h = p->in_h, in_w = p->in_w, out_h = p->out_h, out_w = p->out_w;
    const int32_t fast = p->fast_requant, stride = p->stride_h; /* 1 or 2, both ways (the build's Need) */
    const int vertical = out_h > out_w;
    const rvfw_dw3_layer L = {vertical ? out_w : out_h, vertical ? out_h : out_w, vertical ? p->pad_w : p->pad_h,
                              vertical ? p->pad_h : p->pad_w, vertical ? in_w : in_h, vertical ? in_h : in_w,
                              vertical ? ch : in_w * ch, vertical ? in_w * ch : ch, -p->input_offset,
                              p->output_offset, p->output_activation_min, p->output_activation_max};
    _Static_assert(RVFW_DW_PAIRS_SEG + 1 <= RVFW_DW_PAIRS_SLOT, "a stride-2 segment's 2 n + 1 words fit a slot");
    _Static_assert(2 * ((RVFW_DW_PAIRS_BLOCK + 1) / 2) + 1 <= RVFW_DW_PAIRS_BLOCK + 2, "and its lines the slots");
    /* The block's input lines, packed: output line o of the block reads lines s o .. s o + 2. */
    int32_t packed[RVFW_DW_PAIRS_BLOCK + 2][RVFW_DW_PAIRS_SLOT];
    int32_t zp_words[RVFW_DW_PAIRS_BLOCK + 2] = {0}; /* zero-point words each slot holds (pack) */
    /* What is the same for every channel is set once: the filter's tap offsets in the job's order
     * (the kernel's lines run along the output's longer side), the clamp and the output steps. */
    int32_t tap[9];
    for (int ky = 0; ky < 3; ++ky)
        for (int kx = 0; kx < 3; ++kx)
            tap[vertical ? 3 * kx + ky : 3 * ky + kx] = (ky * 3 + kx) * ch;
    rvfw_dw3_job job;
    job.lo = L.lo, job.hi = L.hi, job.out_along = vertical ? out_w * ch : ch;
    job.out_across = vertical ? ch : out_w * ch;
    for (int32_t bt = 0; bt < p->batches; ++bt) {
        const int8_t *in_batch = input + bt * in_h * in_w * ch;
        int8_t *out_batch = output + bt * out_h * out_w * ch;
        for (int32_t c = 0; c < ch; ++c) {
            const int8_t *f = filter + c;
            const int32_t bias = bias_folded[c], m = output_multiplier[c], sh = output_shift[c];
            rvfw_requant_lane lane;
            const int folded = fast && rvfw_requant_lane_init(&lane, 0, m, sh, L.out_offset);
#pragma GCC unroll 9
            for (int i = 0; i < 9; ++i)
                job.w[i] = f[tap[i]];
            job.bias_p = (int32_t)((uint32_t)bias + ((uint32_t)bias << 16)), job.bias_h = bias;
            job.multiplier = lane.multiplier, job.add = lane.add, job.shift1 = lane.shift1;
            if (stride == 1)
                channel_blocks(1, &L, &job, in_batch + c, out_batch + c, folded, m, sh, packed, zp_words);
            else
                channel_blocks(2, &L, &job, in_batch + c, out_batch + c, folded, m, sh, packed, zp_words);
        }
    }
}
