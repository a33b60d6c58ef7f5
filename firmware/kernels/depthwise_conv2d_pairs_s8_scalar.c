/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, int8, 3x3, stride 1 or 2, depth multiplier 1, for cores whose multiply costs
 * more than an add: two output pixels per 32-bit multiply, one channel at a time.
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
 * kernel line, no position checked, no packing in the loop. A line longer than a segment
 * (RVFW_DW_PAIRS_SEG outputs) runs segment by segment, so the slots' size bounds every write
 * whatever the layer's shape. The sums start at the channel's bias (P at bias + 65536 bias, H at
 * bias).
 *
 * Segment by segment and block by block of up to RVFW_DW_PAIRS_BLOCK output lines, channel by
 * channel: the block's input lines are packed one after the other (RVFW_DW_PAIRS_SLOT words apart;
 * the lines outside the input hold zero points for every channel, written once a block), then one
 * assembly call runs the block's output lines, one pointer with fixed offsets reading all three
 * kernel lines. The packing is assembly too (rvfw_dw3_pack_rows, and rvfw_dw3_pack_rows2 for a
 * stride-2 line's even and odd words: GCC's loops and the spills around them cost twice as much
 * and more), and the channel's nine weights come in the order the
 * assembly holds them from the build (pairs_taps). Each pair is requantised and stored where it is
 * summed (nothing goes through memory): nine weights, three carried words, the sums, the
 * requantisation's constants (rvfw_requant_lane: the zero point folded in) and the pointers take
 * all 28 free registers; the bias and the outer loop's counters live in the frame. Where the
 * activation's lower bound is at or above the output zero point (ReLU, ReLU6), the rounding's sign
 * correction is left out: it only moves negative values, and every negative value clamps to that
 * bound either way (rvfw_dw3_rq_relu).
 *
 * On Ibex small (bench/profile.py: KWS's depthwise layers, 72,000 MACs each) a pair of outputs
 * costs 95 cycles (27 of them the nine 3-cycle multiplies), the packing 7.9 cycles a word, and a
 * layer 6.93 to 6.98 cycles per MAC on the RTL (7.78 before the packing and the channel set-up
 * moved out of GCC's code). */
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
    const int8_t *taps;           /* 0: the channel's nine weights, [line][along] (the build's pairs_taps) */
    int32_t bias_p, bias_h;       /* 4: the sums' start, bias + 65536 bias and bias */
    int32_t multiplier, add, shift1, lo, hi; /* 12: rvfw_requant_lane's, the clamp */
    const int32_t *lines;         /* 32: the block's first packed input line */
    int8_t *out;                  /* 36: its first output */
    int32_t out_along, out_across; /* 40: bytes from an output to the next along a line, and across */
    int32_t count;                /* 48: output lines, >= 1 */
    int32_t pairs;                /* 52: whole pairs a line */
    int32_t odd;                  /* 56: one more output a line */
} rvfw_dw3_job;

/* Where a segment's packed words come from (at stride 2, its even or its odd words), the same on
 * every line and channel of a layer: words [0, lead) hold zero points in both halves; then `count` words each with the next
 * input in its high half (starting from a zero point where from_zp, else from the input at
 * `offset`, the first position read, which the count then does not include); then `trail` words,
 * the first with the last input in its low half, all with zero points in their high halves. */
typedef struct {
    int32_t lead, from_zp, offset, count, trail;
} rvfw_dw3_fill;

/* One channel's packing of the input lines of a block that lie inside the input (the assembly reads
 * these offsets: keep the order). */
typedef struct {
    int32_t *slots;           /* 0: the first such line's slot; the next lines' RVFW_DW_PAIRS_SLOT words on */
    const int8_t *src;        /* 4: that line's byte at the fill's first position read */
    int32_t rows;             /* 8: lines, >= 1 */
    int32_t across, step;     /* 12: bytes from a line to the next, and from a position to the next */
    int32_t lead, from_zp, count, trail; /* 20: the fill */
    int32_t zp, zp_high, zp2; /* 36: the zero point, times 65536, and in both halves */
} rvfw_dw3_pack_job;
void rvfw_dw3_pack_rows(const rvfw_dw3_pack_job *pk);
/* Its words two apart: one parity of a stride-2 line (layer_blocks makes the even and the odd job). */
void rvfw_dw3_pack_rows2(const rvfw_dw3_pack_job *pk);

void rvfw_dw3_rq(const rvfw_dw3_job *job);
void rvfw_dw3_rq_relu(const rvfw_dw3_job *job);
/* Stride 2 both ways: the block's lines packed by rvfw_dw3_pack_rows2, an output line every second
 * input line. */
void rvfw_dw3s2_rq(const rvfw_dw3_job *job);
void rvfw_dw3s2_rq_relu(const rvfw_dw3_job *job);

#if __riscv_xlen == 32
_Static_assert(offsetof(rvfw_dw3_job, lines) == 32 && offsetof(rvfw_dw3_job, odd) == 56, "the assembly's offsets");
/* s0-s8 weights, s9-s11 the carried X_ab of lines 0-2, a0 the pair's words in line 0 (lines 1, 2:
 * 200, 400 bytes on), a1 its output, a2 out_along, a3 the line's end, a4 0x8000, a5 P then the
 * first output, a6 H then the second, a7 the multiplier, t3 the rounding constant, t4 the shift,
 * t5 lo, t6 hi, t0-t2 and ra temporaries, gp and tp the sums' start (bias_p, bias_h). Frame: 8 the
 * line pointer, 12 the output line, 16 out_across, 20 lines left, 24 the pairs' bytes, 28 odd; gp
 * and tp saved in the frame of RVFW_ASM_SAVE_ALL (its words 13 and 14). */
/* A kernel line's products once the pair's words X_ab and X_bc are in xab and t0: the pair-sum word
 * into P and H (from p0 and h0), the third product (X_cd in xcd once `mid` has run) alone into
 * `single`. */
#define RVFW_DW_PRODUCTS(xab, xcd, w0, w1, w2, single, p0, h0, mid)                                                  \
    "  mul t2, " xab ", " w0 "\n" mid                                                                                   \
    "  mul t0, t0, " w1 "\n"                                                                                            \
    "  add t2, t2, t0\n"                                                                                                \
    "  mul " single ", " xcd ", " w2 "\n"                                                                               \
    "  add a5, " p0 ", t2\n"                                                                                            \
    "  add t2, t2, a4\n"                                                                                                \
    "  srai t2, t2, 16\n"                                                                                               \
    "  add a6, " h0 ", t2\n"
/* Stride 1: X_ab carried from the last pair (its X_cd): X_cd is loaded over it once X_ab's product is
 * taken, so the next pair finds it there without a move. */
#define RVFW_DW_LINE(off, xab, w0, w1, w2, single, p0, h0)                                                            \
    "  lw t0, " #off "+4(a0)\n"                                                                                        \
        RVFW_DW_PRODUCTS(xab, xab, w0, w1, w2, single, p0, h0, "  lw " xab ", " #off "+8(a0)\n")
/* Stride 2: the pair's three words of a kernel line are loaded (E[j], O[j], E[j + 1]: word i = x[i] + 65536 x[i + 2]),
 * none carried. */
#define RVFW_DW_LINE2(off, xab, w0, w1, w2, single, p0, h0)                                                           \
    "  lw " xab ", " #off "(a0)\n  lw t0, " #off "+4(a0)\n  lw t1, " #off "+8(a0)\n"                                   \
        RVFW_DW_PRODUCTS(xab, "t1", w0, w1, w2, single, p0, h0, "")
#define RVFW_DW_WORD(r) /* a one-word sum of two single products into P and H */                                      \
    "  add a5, a5, " r "\n"                                                                                             \
    "  add " r ", " r ", a4\n"                                                                                          \
    "  srai " r ", " r ", 16\n"                                                                                         \
    "  add a6, a6, " r "\n"
/* The rounding's sign correction and the clamp to the lower bound, by the activation (K): without
 * one (RVFW_DW_PLAIN) few values clamp, so the clamp branches out of line (lo_label) and the common
 * path costs one untaken branch; after ReLU or ReLU6 (RVFW_DW_RELU) the sign correction is left out
 * (every value it moves clamps anyway) and about half the values clamp (KWS), so the clamp is in
 * line: a taken branch for a value above the bound (3 cycles on Ibex), a branch and a move for one
 * below (2), against 1 and 6 out of line. */
#define RVFW_DW_PLAIN_FIX(v) "  srai t0, " v ", 31\n  add " v ", " v ", t0\n  add " v ", " v ", t0\n"
#define RVFW_DW_PLAIN_LO(v, lo_label) "  blt " v ", t5, " lo_label "\n"
#define RVFW_DW_RELU_FIX(v) ""
#define RVFW_DW_RELU_LO(v, lo_label) "  bge " v ", t5, " lo_label "k\n  mv " v ", t5\n" lo_label "k:\n"
/* requantise v (rvfw_requantize_lane), clamp (K's lower clamp, hi_label out of line), store at `at`. */
#define RVFW_DW_RQ(v, K, lo_label, hi_label, back, at)                                                               \
    "  slli " v ", " v ", 2\n"                                                                                          \
    "  mulh " v ", " v ", a7\n" K##_FIX(v) "  add " v ", " v ", t3\n"                                                 \
    "  sra " v ", " v ", t4\n" K##_LO(v, lo_label) "  blt t6, " v ", " hi_label "\n" back ":\n"                        \
    "  sb " v ", 0(" at ")\n"
/* the first line's sums start at the bias (gp: bias + 65536 bias, tp: bias); LINE the stride's */
#define RVFW_DW_SUMS(LINE)                                                                                             \
    LINE(0, "s9", "s0", "s1", "s2", "ra", "gp", "tp")                                                                  \
    LINE(200, "s10", "s3", "s4", "s5", "t0", "a5", "a6")                                                               \
    "  add ra, ra, t0\n" RVFW_DW_WORD("ra") LINE(400, "s11", "s6", "s7", "s8", "t0", "a5", "a6")                     \
    RVFW_DW_WORD("t0")                                                                                                 \
    "  slli t0, a6, 16\n"                                                                                               \
    "  sub a5, a5, t0\n"
/* One pair: its sums, each output requantised and stored where it is summed (labels a and b). The
 * loop runs two a turn (a taken branch costs 3 cycles on Ibex small, an untaken one 1). */
#define RVFW_DW_PAIR(name, K, LINE, a, b)                                                                             \
    RVFW_DW_SUMS(LINE)                                                                                                 \
    RVFW_DW_RQ("a5", K, name "_lo" a, name "_hi" a, name "_st" a, "a1")                                               \
    "  add t1, a1, a2\n"                                                                                                \
    RVFW_DW_RQ("a6", K, name "_lo" b, name "_hi" b, name "_st" b, "t1")                                               \
    "  add a1, t1, a2\n"
/* LINE the stride's kernel line, pair the bytes a pair of outputs advances (8: stride 1, 16: 2),
 * pairs_shift its log2, across the bytes an output line advances (one slot of 200, or two). */
#define RVFW_DW_FUNCTION(name, K, LINE, pair, pairs_shift, across)                                                  \
    ".balign 4\n"                                                                                                       \
    ".globl " name "\n"                                                                                                 \
    ".type " name ", @function\n" name ":\n" RVFW_ASM_SAVE_ALL "  addi sp, sp, -32\n  sw gp, 84(sp)\n  sw tp, 88(sp)\n" \
    "  lw gp, 4(a0)\n  lw tp, 8(a0)\n"                                                                                 \
    "  lw t0, 32(a0)\n  sw t0, 8(sp)\n"                                                                                 \
    "  lw t0, 36(a0)\n  sw t0, 12(sp)\n  lw t0, 44(a0)\n  sw t0, 16(sp)\n  lw t0, 48(a0)\n  sw t0, 20(sp)\n"          \
    "  lw t0, 52(a0)\n  slli t0, t0, " #pairs_shift "\n  sw t0, 24(sp)\n  lw t0, 56(a0)\n  sw t0, 28(sp)\n"             \
    "  lw t0, 0(a0)\n  lb s0, 0(t0)\n  lb s1, 1(t0)\n  lb s2, 2(t0)\n  lb s3, 3(t0)\n  lb s4, 4(t0)\n"                \
    "  lb s5, 5(t0)\n  lb s6, 6(t0)\n  lb s7, 7(t0)\n  lb s8, 8(t0)\n"                                                \
    "  lw a7, 12(a0)\n  lw t3, 16(a0)\n  lw t4, 20(a0)\n  lw t5, 24(a0)\n  lw t6, 28(a0)\n  lw a2, 40(a0)\n"          \
    "  lui a4, 8\n" name "_line:\n"                                                                                    \
    "  lw a0, 8(sp)\n  lw a1, 12(sp)\n"                                                                                \
    "  lw s9, 0(a0)\n  lw s10, 200(a0)\n  lw s11, 400(a0)\n"                                                           \
    "  lw a3, 24(sp)\n  add a3, a3, a0\n"                                                                             \
    "  beq a0, a3, " name "_odd\n" name "_pair:\n" RVFW_DW_PAIR(name, K, LINE, "1", "2")                        \
    "  addi a0, a0, " #pair "\n"                                                                                         \
    "  beq a0, a3, " name "_odd\n" RVFW_DW_PAIR(name, K, LINE, "4", "5")                                            \
    "  addi a0, a0, " #pair "\n"                                                                                         \
    "  bne a0, a3, " name "_pair\n" name "_odd:\n"                                                                 \
    "  lw t0, 28(sp)\n"                                                                                                 \
    "  beqz t0, " name "_next\n" RVFW_DW_SUMS(LINE) RVFW_DW_RQ("a5", K, name "_lo3", name "_hi3", name "_st3", "a1") \
    name "_next:\n"                                                                                                    \
    "  lw t0, 8(sp)\n  addi t0, t0, " #across "\n  sw t0, 8(sp)\n"                                                      \
    "  lw t0, 12(sp)\n  lw t1, 16(sp)\n  add t0, t0, t1\n  sw t0, 12(sp)\n"                                           \
    "  lw t0, 20(sp)\n  addi t0, t0, -1\n  sw t0, 20(sp)\n"                                                           \
    "  bnez t0, " name "_line\n"                                                                                       \
    "  lw gp, 84(sp)\n  lw tp, 88(sp)\n  addi sp, sp, 32\n" RVFW_ASM_RESTORE_ALL "  ret\n"                           \
    name "_lo1:\n  mv a5, t5\n  j " name "_st1\n" name "_hi1:\n  mv a5, t6\n  j " name "_st1\n"                     \
    name "_lo2:\n  mv a6, t5\n  j " name "_st2\n" name "_hi2:\n  mv a6, t6\n  j " name "_st2\n"                     \
    name "_lo3:\n  mv a5, t5\n  j " name "_st3\n" name "_hi3:\n  mv a5, t6\n  j " name "_st3\n"                     \
    name "_lo4:\n  mv a5, t5\n  j " name "_st4\n" name "_hi4:\n  mv a5, t6\n  j " name "_st4\n"                     \
    name "_lo5:\n  mv a6, t5\n  j " name "_st5\n" name "_hi5:\n  mv a6, t6\n  j " name "_st5\n"                     \
    ".size " name ", .-" name "\n"
__asm__(".text\n" RVFW_DW_FUNCTION("rvfw_dw3_rq", RVFW_DW_PLAIN, RVFW_DW_LINE, 8, 3, 200)
            RVFW_DW_FUNCTION("rvfw_dw3_rq_relu", RVFW_DW_RELU, RVFW_DW_LINE, 8, 3, 200)
                RVFW_DW_FUNCTION("rvfw_dw3s2_rq", RVFW_DW_PLAIN, RVFW_DW_LINE2, 16, 4, 400)
                    RVFW_DW_FUNCTION("rvfw_dw3s2_rq_relu", RVFW_DW_RELU, RVFW_DW_LINE2, 16, 4, 400));
_Static_assert(offsetof(rvfw_dw3_pack_job, lead) == 20 && offsetof(rvfw_dw3_pack_job, zp2) == 44, "the offsets");
_Static_assert(RVFW_DW_PAIRS_SLOT * 4 == 200, "a slot is 200 bytes");
/* The packing, line by line: the lead's zero-point words, the input's words by the core, the
 * trail's words. Words are W bytes apart: 4 at stride 1 (rvfw_dw3_pack_rows); 8 at stride 2
 * (rvfw_dw3_pack_rows2), where a line's even and odd words are two such packings (layer_blocks). The
 * core (a local routine: a0 d, a1 src, a2 step, a3 count, a4 the carried value v_0; returns a0 past
 * the last word, a4 v_count; a1, a3, a5, a7, t0-t6 clobbered) writes d[i] = v_i + 65536 v_(i+1),
 * v_(i+1) = src[i step], eight words a turn with the loads first (no load-use stall on a core with a
 * writeback stage): a byte load, an address add, a shift, an add and a store a word, 7.5 cycles on
 * Ibex small with the loop's. GCC's loops took 8.2 (stride 1) and 13 (stride 2, its edge tests in the
 * loop), and the spills of the C around them as much again. s0 the slot, s1 the line's source, s2
 * lines left, s3 across, a6 the job. */
#define RVFW_DW_PACK_ROWS(name, core, W, LOGW, O1, O2, O3, O4, O5, O6, O7, TURN)                                     \
    ".text\n.balign 4\n.globl " name "\n.type " name ", @function\n" name ":\n"                                       \
    "  addi sp, sp, -32\n  sw ra, 0(sp)\n  sw s0, 4(sp)\n  sw s1, 8(sp)\n  sw s2, 12(sp)\n  sw s3, 16(sp)\n"           \
    "  mv a6, a0\n  lw s0, 0(a6)\n  lw s1, 4(a6)\n  lw s2, 8(a6)\n  lw s3, 12(a6)\n"                                   \
    "1:\n  mv a0, s0\n  lw t0, 20(a6)\n  lw t1, 44(a6)\n  beqz t0, 3f\n"                                               \
    "2:\n  sw t1, 0(a0)\n  addi a0, a0, " W "\n  addi t0, t0, -1\n  bnez t0, 2b\n"                                      \
    "3:\n  mv a1, s1\n  lw a2, 16(a6)\n  lw a4, 36(a6)\n  lw t0, 24(a6)\n  lw a3, 28(a6)\n  bnez t0, 4f\n"              \
    "  lb a4, 0(a1)\n  add a1, a1, a2\n"                                                                                \
    "4:\n  jal ra, " core "\n  lw t0, 32(a6)\n  beqz t0, 6f\n"                                                          \
    "  lw t1, 40(a6)\n  add a4, a4, t1\n  sw a4, 0(a0)\n  addi a0, a0, " W "\n  addi t0, t0, -1\n  beqz t0, 6f\n"       \
    "  lw t1, 44(a6)\n"                                                                                                 \
    "5:\n  sw t1, 0(a0)\n  addi a0, a0, " W "\n  addi t0, t0, -1\n  bnez t0, 5b\n"                                      \
    "6:\n  addi s0, s0, 200\n  add s1, s1, s3\n  addi s2, s2, -1\n  bnez s2, 1b\n"                                      \
    "  lw ra, 0(sp)\n  lw s0, 4(sp)\n  lw s1, 8(sp)\n  lw s2, 12(sp)\n  lw s3, 16(sp)\n  addi sp, sp, 32\n  ret\n"     \
    ".size " name ", .-" name "\n"                                                                                      \
    ".balign 4\n.type " core ", @function\n" core ":\n"                                                                \
    "  andi t6, a3, -8\n  slli t6, t6, " LOGW "\n  add t6, t6, a0\n  beq a0, t6, 12f\n"                                \
    "11:\n  lb t0, 0(a1)\n  add a1, a1, a2\n  lb t1, 0(a1)\n  add a1, a1, a2\n  lb t2, 0(a1)\n  add a1, a1, a2\n"     \
    "  lb t3, 0(a1)\n  add a1, a1, a2\n  lb t4, 0(a1)\n  add a1, a1, a2\n  lb t5, 0(a1)\n  add a1, a1, a2\n"           \
    "  lb a5, 0(a1)\n  add a1, a1, a2\n"                                                                                \
    "  slli a7, t0, 16\n  add a7, a7, a4\n  sw a7, 0(a0)\n  lb a4, 0(a1)\n  add a1, a1, a2\n"                          \
    "  slli a7, t1, 16\n  add a7, a7, t0\n  sw a7, " O1 "(a0)\n  slli a7, t2, 16\n  add a7, a7, t1\n  sw a7, " O2      \
    "(a0)\n"                                                                                                            \
    "  slli a7, t3, 16\n  add a7, a7, t2\n  sw a7, " O3 "(a0)\n  slli a7, t4, 16\n  add a7, a7, t3\n  sw a7, " O4      \
    "(a0)\n"                                                                                                            \
    "  slli a7, t5, 16\n  add a7, a7, t4\n  sw a7, " O5 "(a0)\n  slli a7, a5, 16\n  add a7, a7, t5\n  sw a7, " O6      \
    "(a0)\n"                                                                                                            \
    "  slli a7, a4, 16\n  add a7, a7, a5\n  sw a7, " O7 "(a0)\n"                                                       \
    "  addi a0, a0, " TURN "\n  bne a0, t6, 11b\n"                                                                     \
    "12:\n  andi a3, a3, 7\n  slli a3, a3, " LOGW "\n  add t6, a0, a3\n  beq a0, t6, 14f\n"                           \
    "13:\n  lb t0, 0(a1)\n  add a1, a1, a2\n  slli a7, t0, 16\n  add a7, a7, a4\n  sw a7, 0(a0)\n  mv a4, t0\n"       \
    "  addi a0, a0, " W "\n  bne a0, t6, 13b\n"                                                                         \
    "14:\n  ret\n.size " core ", .-" core "\n"
__asm__(RVFW_DW_PACK_ROWS("rvfw_dw3_pack_rows", "rvfw_dw3_pack_core", "4", "2", "4", "8", "12", "16", "20", "24",
                          "28", "32")
            RVFW_DW_PACK_ROWS("rvfw_dw3_pack_rows2", "rvfw_dw3_pack_core2", "8", "3", "8", "16", "24", "32", "40",
                              "48", "56", "64"));
#else
/* The packing in C (the RV64 builds of this kernel): words `apart` words apart. */
static void pack_rows_apart(const rvfw_dw3_pack_job *pk, int32_t apart)
{
    const int8_t *line = pk->src;
    for (int32_t r = 0; r < pk->rows; ++r, line += pk->across) {
        int32_t *d = pk->slots + r * RVFW_DW_PAIRS_SLOT;
        for (int32_t j = 0; j < pk->lead; ++j, d += apart)
            *d = pk->zp2;
        const int8_t *src = line;
        int32_t prev = pk->zp;
        if (!pk->from_zp)
            prev = *src, src += pk->step;
        for (int32_t i = 0; i < pk->count; ++i, src += pk->step, d += apart) {
            const int32_t next = *src;
            *d = prev + (int32_t)((uint32_t)next << 16);
            prev = next;
        }
        for (int32_t j = 0; j < pk->trail; ++j, d += apart) {
            *d = (j ? pk->zp : prev) + pk->zp_high;
            prev = pk->zp;
        }
    }
}
void rvfw_dw3_pack_rows(const rvfw_dw3_pack_job *pk) { pack_rows_apart(pk, 1); }
void rvfw_dw3_pack_rows2(const rvfw_dw3_pack_job *pk) { pack_rows_apart(pk, 2); }
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
                    acc += (int16_t)(x[i * RVFW_DW_PAIRS_SLOT + stride * j + k] & 0xFFFF) * job->taps[3 * i + k];
            out[j * job->out_along] = (int8_t)rvfw_clamp(rvfw_requantize_lane(&lane, acc), job->lo, job->hi);
        }
    }
}
void rvfw_dw3_rq(const rvfw_dw3_job *job) { dw3_rq(job, 1); }
void rvfw_dw3_rq_relu(const rvfw_dw3_job *job) { dw3_rq(job, 1); }
void rvfw_dw3s2_rq(const rvfw_dw3_job *job) { dw3_rq(job, 2); }
void rvfw_dw3s2_rq_relu(const rvfw_dw3_job *job) { dw3_rq(job, 2); }
#endif

/* A layer's lines: pairs run along the output's longer side (fewer lines to set up, fewer odd
 * ends), `along` that side and `across` the other. */
typedef struct {
    int32_t lines, count, pad_across, pad_along, across_len, along_len, across_step, along_step;
    int32_t zp, out_offset, lo, hi;
} rvfw_dw3_layer;

/* One block of output lines of a segment, channel by channel: the channel's input lines of the
 * block packed (those outside the input hold zero points for every channel, written once a block),
 * then one assembly call. The packing's jobs depend only on the block and are made once for every
 * channel, so a channel costs its constants, its lines' packing and the call. At stride 1 one job
 * packs a line's words; at stride 2 two do, its even and its odd words (pk[0], pk[1]). `stride` a
 * constant where inlined: at stride 2 a segment is half as long (its words are two a pixel) and a
 * block three output lines (seven input lines). */
typedef struct {
    const int8_t *taps;
    const int32_t *bias_folded, *multiplier;
    const int8_t *shift;
    int32_t channels, fast;
} rvfw_dw3_channels;

static inline __attribute__((always_inline)) void block_channels(const int32_t stride, const rvfw_dw3_layer *L,
                                                                 const rvfw_dw3_channels *C, rvfw_dw3_job *job,
                                                                 rvfw_dw3_pack_job pk[2], int32_t n, int32_t nl,
                                                                 int8_t *out, int32_t packed[][RVFW_DW_PAIRS_SLOT])
{
    void (*const run)(const rvfw_dw3_job *) = stride == 1 ? (L->lo >= L->out_offset ? rvfw_dw3_rq_relu : rvfw_dw3_rq)
                                                          : (L->lo >= L->out_offset ? rvfw_dw3s2_rq_relu : rvfw_dw3s2_rq);
    const int8_t *src0 = pk[0].src, *src1 = pk[1].src;
    job->pairs = n >> 1, job->odd = n & 1, job->count = nl, job->lines = &packed[0][0];
    for (int32_t c = 0; c < C->channels; ++c) {
        const int32_t bias = C->bias_folded[c], m = C->multiplier[c], sh = C->shift[c];
        rvfw_requant_lane lane;
        const int folded = C->fast && rvfw_requant_lane_init(&lane, 0, m, sh, L->out_offset);
        job->taps = C->taps + 9 * c;
        job->bias_p = (int32_t)((uint32_t)bias + ((uint32_t)bias << 16)), job->bias_h = bias;
        job->multiplier = lane.multiplier, job->add = lane.add, job->shift1 = lane.shift1;
        if (pk[0].rows) {
            pk[0].src = src0 + c;
            if (stride == 1) {
                rvfw_dw3_pack_rows(&pk[0]);
            } else {
                pk[1].src = src1 + c;
                rvfw_dw3_pack_rows2(&pk[0]);
                rvfw_dw3_pack_rows2(&pk[1]);
            }
        }
        if (folded) {
            job->out = out + c;
            run(job);
            continue;
        }
        /* a channel the fast requantisation does not cover: TFLite Micro's, from the exact sums */
        for (int32_t o = 0; o < nl; ++o)
            for (int32_t j = 0; j < n; ++j) {
                int32_t acc = bias;
                for (int i = 0; i < 3; ++i)
                    for (int k = 0; k < 3; ++k)
                        acc += (int16_t)(packed[stride * o + i][stride * j + k] & 0xFFFF) * job->taps[3 * i + k];
                out[c + o * job->out_across + j * job->out_along] =
                    rvfw_requantize_s8(acc, m, sh, L->out_offset, L->lo, L->hi);
            }
    }
}

/* The fill of `words` packed words X[j] = v(j) + 65536 v(j + 1), v(q) the input at position
 * first + stride q of a line of `length`, a zero point outside it. */
static rvfw_dw3_fill fill_of(int32_t first, int32_t words, int32_t length, int32_t stride)
{
    const int32_t qa = first < 0 ? (-first + stride - 1) / stride : 0; /* the first v inside */
    int32_t qb = length - first <= 0 ? 0 : (length - first + stride - 1) / stride; /* past the last */
    qb = qb < words + 1 ? qb : words + 1;
    if (qa >= qb) /* no input in reach: a line of zero points */
        return (rvfw_dw3_fill){words, 1, 0, 0, 0};
    const int32_t lead = qa > 0 ? qa - 1 : 0;
    return (rvfw_dw3_fill){lead, qa > 0, first + stride * qa, qb - 1 - lead, words - (qb - 1)};
}

/* The packing job of one fill over a block's lines [r_lo, r_lo + rows), `word` words into the slot,
 * positions `stride` apart. */
static rvfw_dw3_pack_job pack_job(const rvfw_dw3_layer *L, const rvfw_dw3_fill *f, int32_t *slot, const int8_t *line,
                                  int32_t rows, int32_t stride)
{
    const int32_t zp_high = (int32_t)((uint32_t)L->zp << 16);
    return (rvfw_dw3_pack_job){slot, line ? line + f->offset * L->along_step : NULL, rows, L->across_step,
                               stride * L->along_step, f->lead, f->from_zp, f->count, f->trail, L->zp, zp_high,
                               L->zp + zp_high};
}

/* A layer's segments and blocks (`stride` a constant where inlined). */
static inline __attribute__((always_inline)) void layer_blocks(const int32_t stride, const rvfw_dw3_layer *L,
                                                               const rvfw_dw3_channels *C, rvfw_dw3_job *job,
                                                               const int8_t *in, int8_t *out_b,
                                                               int32_t packed[][RVFW_DW_PAIRS_SLOT])
{
    const int32_t seg = stride == 1 ? RVFW_DW_PAIRS_SEG : RVFW_DW_PAIRS_SEG / 2;
    const int32_t block = stride == 1 ? RVFW_DW_PAIRS_BLOCK : (RVFW_DW_PAIRS_BLOCK + 1) / 2;
    const int32_t zp2 = L->zp + (int32_t)((uint32_t)L->zp << 16);
    for (int32_t s0 = 0; s0 < L->count; s0 += seg) {
        const int32_t n = L->count - s0 < seg ? L->count - s0 : seg;
        const int32_t first = s0 * stride - L->pad_along;
        /* stride 1: n + 2 words of neighbours; stride 2: n + 1 even and n odd words, two apart */
        const rvfw_dw3_fill fill[2] = {stride == 1 ? fill_of(first, n + 2, L->along_len, 1)
                                                   : fill_of(first, n + 1, L->along_len, 2),
                                       fill_of(first + 1, n, L->along_len, 2)};
        for (int32_t o0 = 0; o0 < L->lines; o0 += block) {
            const int32_t nl = L->lines - o0 < block ? L->lines - o0 : block;
            const int8_t *first_line = NULL;
            int32_t r_lo = -1, r_hi = 0;
            for (int32_t r = 0; r < (nl - 1) * stride + 3; ++r) { /* input line o0 s + r - pad_across */
                const int32_t y = o0 * stride + r - L->pad_across;
                if (y >= 0 && y < L->across_len) {
                    first_line = first_line ? first_line : in + y * L->across_step;
                    r_lo = r_lo < 0 ? r : r_lo, r_hi = r + 1;
                } else {
                    for (int32_t j = 0; j < RVFW_DW_PAIRS_SLOT; ++j)
                        packed[r][j] = zp2;
                }
            }
            r_lo = r_lo < 0 ? 0 : r_lo;
            rvfw_dw3_pack_job pk[2] = {pack_job(L, &fill[0], packed[r_lo], first_line, r_hi - r_lo, stride),
                                       pack_job(L, &fill[1], packed[r_lo] + 1, first_line, r_hi - r_lo, stride)};
            block_channels(stride, L, C, job, pk, n, nl, out_b + o0 * job->out_across + s0 * job->out_along, packed);
        }
    }
}

RVFW_KERNEL void rvfw_depthwise_conv2d_pairs_s8_scalar(const rvfw_conv_params *p, const int8_t *input,
                                                       const int8_t *taps, const int32_t *bias_folded,
                                                       const int32_t *output_multiplier,
                                                       const int8_t *output_shift, int8_t *output)
{
    const int32_t ch = p->in_c, in_h = p->in_h, in_w = p->in_w, out_h = p->out_h, out_w = p->out_w;
    const int32_t stride = p->stride_h; /* 1 or 2, both ways (the build's Need) */
    const int vertical = out_h > out_w; /* as the build's pairs_taps orders the taps */
    const rvfw_dw3_layer L = {vertical ? out_w : out_h, vertical ? out_h : out_w, vertical ? p->pad_w : p->pad_h,
                              vertical ? p->pad_h : p->pad_w, vertical ? in_w : in_h, vertical ? in_h : in_w,
                              vertical ? ch : in_w * ch, vertical ? in_w * ch : ch, -p->input_offset,
                              p->output_offset, p->output_activation_min, p->output_activation_max};
    const rvfw_dw3_channels C = {taps, bias_folded, output_multiplier, output_shift, ch, p->fast_requant};
    _Static_assert(RVFW_DW_PAIRS_SEG + 1 <= RVFW_DW_PAIRS_SLOT, "a stride-2 segment's 2 n + 1 words fit a slot");
    _Static_assert(2 * ((RVFW_DW_PAIRS_BLOCK + 1) / 2) + 1 <= RVFW_DW_PAIRS_BLOCK + 2, "and its lines the slots");
    /* The block's input lines, packed: output line o of the block reads lines s o .. s o + 2. */
    int32_t packed[RVFW_DW_PAIRS_BLOCK + 2][RVFW_DW_PAIRS_SLOT];
    /* What is the same for every channel is set once: the clamp and the output steps. */
    rvfw_dw3_job job;
    job.lo = L.lo, job.hi = L.hi, job.out_along = vertical ? out_w * ch : ch;
    job.out_across = vertical ? ch : out_w * ch;
    for (int32_t bt = 0; bt < p->batches; ++bt) {
        const int8_t *in_batch = input + bt * in_h * in_w * ch;
        int8_t *out_batch = output + bt * out_h * out_w * ch;
        if (stride == 1)
            layer_blocks(1, &L, &C, &job, in_batch, out_batch, packed);
        else
            layer_blocks(2, &L, &C, &job, in_batch, out_batch, packed);
    }
}
