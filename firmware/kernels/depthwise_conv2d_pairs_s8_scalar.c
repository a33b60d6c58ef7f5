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
 * five slots on the stack, a line stored in slot y % 3 and, for y % 3 < 2, again three slots on:
 * the three lines an output line reads are always three consecutive slots, one pointer apart by
 * fixed offsets. A line longer than a segment (RVFW_DW_PAIRS_SEG outputs) runs segment by
 * segment, so the slots' size bounds every write whatever the layer's shape. On RV32 the pair loop
 * is assembly: nine weights, three carried words, sums and pointers need 24 registers, which the
 * compiler spilled (a weight reload per multiply). */
#include <stddef.h>

#include "rvfw_asm_rv32.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

#define RVFW_DW_PAIRS_SEG 48  /* output pixels per segment of a line */
#define RVFW_DW_PAIRS_SLOT 50 /* packed words per slot: the segment and two taps on */
_Static_assert(RVFW_DW_PAIRS_SLOT == RVFW_DW_PAIRS_SEG + 2, "a slot holds a segment's packed words");
_Static_assert(4 * RVFW_DW_PAIRS_SLOT == 200, "the pair loop's line offsets (200, 400 bytes) follow the slot");

/* `pairs` pairs over three packed lines starting at x, x + SLOT and x + 2 SLOT (words): sums[2k]
 * and sums[2k + 1] the pair's two sums, w the nine weights [line][along]. */
void rvfw_dw3_pairs(const int32_t *w, const int32_t *x, int32_t pairs, int32_t *sums);

#if __riscv_xlen == 32
/* s0-s8 weights, s9-s11 the carried X_ab of lines 0-2, a1 the packed lines, a3 sums, a2 their end,
 * a4 0x8000, a5 P, a6 H, ra the single products of lines 0 and 1, t0-t2 temporaries. Per line:
 * A = X_ab w0 + X_bc w1 (one exact word), B = X_cd w2, X_ab = X_cd. */
#define RVFW_DW_PAIRS_LINE(off, xab, w0, w1, w2, single)                                                             \
    "  lw t0, " #off "+4(a1)\n"                                                                                        \
    "  lw t1, " #off "+8(a1)\n"                                                                                        \
    "  mul t2, " xab ", " w0 "\n"                                                                                      \
    "  mul t0, t0, " w1 "\n"                                                                                           \
    "  mul " single ", t1, " w2 "\n"                                                                                   \
    "  mv " xab ", t1\n"                                                                                               \
    "  add t2, t2, t0\n"                                                                                               \
    "  add a5, a5, t2\n"                                                                                               \
    "  add t2, t2, a4\n"                                                                                               \
    "  srai t2, t2, 16\n"                                                                                              \
    "  add a6, a6, t2\n"
__asm__(
    ".text\n"
    ".balign 4\n"
    ".globl rvfw_dw3_pairs\n"
    ".type rvfw_dw3_pairs, @function\n"
    "rvfw_dw3_pairs:\n"
    "  blez a2, 9f\n"
    RVFW_ASM_SAVE_ALL
    "  lw s0, 0(a0)\n  lw s1, 4(a0)\n  lw s2, 8(a0)\n  lw s3, 12(a0)\n  lw s4, 16(a0)\n  lw s5, 20(a0)\n"
    "  lw s6, 24(a0)\n  lw s7, 28(a0)\n  lw s8, 32(a0)\n"
    "  lw s9, 0(a1)\n"
    "  lw s10, 200(a1)\n"
    "  lw s11, 400(a1)\n"
    "  slli a2, a2, 3\n"
    "  add a2, a2, a3\n"
    "  lui a4, 8\n"
    "1:\n"
    "  li a5, 0\n"
    "  li a6, 0\n"
    RVFW_DW_PAIRS_LINE(0, "s9", "s0", "s1", "s2", "ra")
    RVFW_DW_PAIRS_LINE(200, "s10", "s3", "s4", "s5", "a7")
    /* the single products of lines 0 and 1: one exact word */
    "  add ra, ra, a7\n"
    "  add a5, a5, ra\n"
    "  add ra, ra, a4\n"
    "  srai ra, ra, 16\n"
    "  add a6, a6, ra\n"
    RVFW_DW_PAIRS_LINE(400, "s11", "s6", "s7", "s8", "a7")
    "  add a5, a5, a7\n"
    "  add a7, a7, a4\n"
    "  srai a7, a7, 16\n"
    "  add a6, a6, a7\n"
    /* the first pixel's sum P - (H << 16), the second's H */
    "  slli t1, a6, 16\n"
    "  sub a5, a5, t1\n"
    "  sw a5, 0(a3)\n"
    "  sw a6, 4(a3)\n"
    "  addi a1, a1, 8\n"
    "  addi a3, a3, 8\n"
    "  bltu a3, a2, 1b\n"
    RVFW_ASM_RESTORE_ALL
    "9:\n"
    "  ret\n"
    ".size rvfw_dw3_pairs, .-rvfw_dw3_pairs\n");
#else
void rvfw_dw3_pairs(const int32_t *w, const int32_t *x, int32_t pairs, int32_t *sums)
{
    for (int32_t k = 0; k < pairs; ++k, x += 2) {
        uint32_t sum_p = 0;
        int32_t sum_h = 0, single = 0;
        for (int i = 0; i < 3; ++i) {
            const int32_t *line = x + i * RVFW_DW_PAIRS_SLOT;
            /* wrap-around products, as the RV32 loop's (only each word's halves matter) */
            const int32_t a = (int32_t)((uint32_t)line[0] * (uint32_t)w[3 * i] + (uint32_t)line[1] * (uint32_t)w[3 * i + 1]);
            const int32_t b = (int32_t)((uint32_t)line[2] * (uint32_t)w[3 * i + 2]);
            sum_p += (uint32_t)a;
            sum_h += (int32_t)((uint32_t)a + 0x8000u) >> 16;
            if (i == 0) {
                single = b;
                continue;
            }
            single = i == 1 ? (int32_t)((uint32_t)single + (uint32_t)b) : b;
            sum_p += (uint32_t)single;
            sum_h += (int32_t)((uint32_t)single + 0x8000u) >> 16;
        }
        sums[2 * k] = (int32_t)(sum_p - ((uint32_t)sum_h << 16));
        sums[2 * k + 1] = sum_h;
    }
}
#endif

/* Pack input line y of the channel (zero points outside) into slot and copy (the same slot where
 * there is no second): the segment's packed words X[j] = x[j] + 65536 x[j + 1], j in [0, n + 2),
 * x[j] the input at position first + j of the line (null: a line outside the input). */
static void pack(int32_t *slot, int32_t *copy, const int8_t *line, int32_t first, int32_t n, int32_t length,
                 int32_t step, int32_t zp)
{
    const int32_t words = n + 2, z = zp + (int32_t)((uint32_t)zp << 16);
    if (!line) {
        for (int32_t j = 0; j < words; ++j)
            slot[j] = copy[j] = z;
        return;
    }
    /* positions q = j + 1 of the words' second halves: [1, lo) before the line, [lo, hi) in it */
    const int32_t lo = -first > 1 ? -first : 1;
    const int32_t hi = length - first < words + 1 ? length - first : words + 1;
    int32_t prev = first < 0 ? zp : line[first * step];
    int32_t q = 1;
    for (; q < lo; ++q) {
        slot[q - 1] = copy[q - 1] = prev + (int32_t)((uint32_t)zp << 16);
        prev = zp;
    }
    for (const int8_t *src = line + (first + q) * step; q < hi; ++q, src += step) {
        const int32_t next = *src;
        slot[q - 1] = copy[q - 1] = prev + (int32_t)((uint32_t)next << 16);
        prev = next;
    }
    for (; q <= words; ++q) {
        slot[q - 1] = copy[q - 1] = prev + (int32_t)((uint32_t)zp << 16);
        prev = zp;
    }
}

RVFW_KERNEL void rvfw_depthwise_conv2d_pairs_s8_scalar(const rvfw_conv_params *p, const int8_t *input,
                                                       const int8_t *filter, const int32_t *bias_folded,
                                                       const int32_t *output_multiplier,
                                                       const int8_t *output_shift, int8_t *output)
{
    const int32_t ch = p->in_c, in_h = p->in_h, in_w = p->in_w, out_h = p->out_h, out_w = p->out_w;
    const int32_t zp = -p->input_offset;
    const int32_t out_offset = p->output_offset, lo = p->output_activation_min, hi = p->output_activation_max;
    const int32_t fast = p->fast_requant;
    /* Pairs along the longer side of the output: fewer lines to set up, fewer odd ends. */
    const int vertical = out_h > out_w;
    const int32_t lines = vertical ? out_w : out_h, count = vertical ? out_h : out_w;
    const int32_t pad_across = vertical ? p->pad_w : p->pad_h, pad_along = vertical ? p->pad_h : p->pad_w;
    const int32_t across_len = vertical ? in_w : in_h, along_len = vertical ? in_h : in_w;
    const int32_t across_step = vertical ? ch : in_w * ch, along_step = vertical ? in_w * ch : ch;
    const int32_t out_across = vertical ? ch : out_w * ch, out_along = vertical ? out_w * ch : ch;
    int32_t ring[5][RVFW_DW_PAIRS_SLOT];
    int32_t sums[RVFW_DW_PAIRS_SEG]; /* an odd segment's last pair computes one pixel past it, inside */
    for (int32_t bt = 0; bt < p->batches; ++bt) {
        const int8_t *in_batch = input + bt * in_h * in_w * ch;
        int8_t *out_batch = output + bt * out_h * out_w * ch;
        for (int32_t c = 0; c < ch; ++c) {
            const int8_t *f = filter + c;
            int32_t w[9]; /* [line][along] */
            for (int ky = 0; ky < 3; ++ky)
                for (int kx = 0; kx < 3; ++kx)
                    w[vertical ? 3 * kx + ky : 3 * ky + kx] = f[(ky * 3 + kx) * ch];
            const int32_t bias = bias_folded[c], m = output_multiplier[c], sh = output_shift[c];
            for (int32_t s0 = 0; s0 < count; s0 += RVFW_DW_PAIRS_SEG) {
                const int32_t n = count - s0 < RVFW_DW_PAIRS_SEG ? count - s0 : RVFW_DW_PAIRS_SEG;
                const int32_t first = s0 - pad_along, pairs = (n + 1) / 2;
                /* input line y = r - pad_across in ring slot r % 3 (a counter: a division costs 37 cycles) */
                int32_t slot = 0;
                for (int32_t r = 0; r < lines + 2; ++r, slot = slot == 2 ? 0 : slot + 1) {
                    const int32_t y = r - pad_across;
                    const int8_t *line = y >= 0 && y < across_len ? in_batch + y * across_step + c : NULL;
                    pack(ring[slot], ring[slot < 2 ? slot + 3 : slot], line, first, n, along_len, along_step, zp);
                    if (r < 2)
                        continue;
                    /* output line r - 2 reads lines r - 2 .. r: slots from (r - 2) % 3 = (slot + 1) % 3 */
                    rvfw_dw3_pairs(w, ring[slot == 2 ? 0 : slot + 1], pairs, sums);
                    int8_t *out = out_batch + (r - 2) * out_across + s0 * out_along + c;
                    if (fast) {
                        for (int32_t i = 0; i < n; ++i, out += out_along)
                            *out = (int8_t)rvfw_clamp(rvfw_requantize_right(sums[i] + bias, m, -sh) + out_offset, lo, hi);
                    } else {
                        for (int32_t i = 0; i < n; ++i, out += out_along)
                            *out = rvfw_requantize_s8(sums[i] + bias, m, sh, out_offset, lo, hi);
                    }
                }
            }
        }
    }
}
