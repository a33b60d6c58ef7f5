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
 * sums start at the channel's bias (P at bias + 65536 bias, H at bias), so the requantisation
 * reads them as they are. On RV32 the pair loop is assembly: nine weights, three carried words,
 * sums and pointers need 26 registers, which the compiler spilled (a weight reload per multiply). */
#include <stddef.h>

#include "rvfw_asm_rv32.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

#define RVFW_DW_PAIRS_SEG 48  /* output pixels per segment of a line */
#define RVFW_DW_PAIRS_SLOT 50 /* packed words per slot: the segment and two taps on */
_Static_assert(RVFW_DW_PAIRS_SLOT == RVFW_DW_PAIRS_SEG + 2, "a slot holds a segment's packed words");

/* `pairs` pairs over the three packed lines x[0..2]: sums[2k] and sums[2k + 1] the pair's two
 * sums plus bias, w the nine weights [line][along]. */
void rvfw_dw3_pairs(const int32_t *w, const int32_t *const x[3], int32_t pairs, int32_t *sums, int32_t bias);

#if __riscv_xlen == 32
/* s0-s8 weights, s9-s11 the carried X_ab of lines 0-2, a1, t3, t4 the packed lines, a3 sums, a2
 * their end, a4 0x8000, a5 P, a6 H, t5 and t6 their start, ra the single products of lines 0 and
 * 1, t0-t2 temporaries. Per line: A = X_ab w0 + X_bc w1 (one exact word), B = X_cd w2, X_ab = X_cd. */
#define RVFW_DW_PAIRS_LINE(line, xab, w0, w1, w2, single)                                                            \
    "  lw t0, 4(" line ")\n"                                                                                           \
    "  lw t1, 8(" line ")\n"                                                                                           \
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
    "  lw t3, 4(a1)\n"
    "  lw t4, 8(a1)\n"
    "  lw a1, 0(a1)\n"
    "  lw s9, 0(a1)\n"
    "  lw s10, 0(t3)\n"
    "  lw s11, 0(t4)\n"
    "  slli a2, a2, 3\n"
    "  add a2, a2, a3\n"
    "  mv t5, a4\n"
    "  slli t6, a4, 16\n"
    "  add t6, t6, a4\n"
    "  lui a4, 8\n"
    "1:\n"
    "  mv a5, t6\n"
    "  mv a6, t5\n"
    RVFW_DW_PAIRS_LINE("a1", "s9", "s0", "s1", "s2", "ra")
    RVFW_DW_PAIRS_LINE("t3", "s10", "s3", "s4", "s5", "a7")
    /* the single products of lines 0 and 1: one exact word */
    "  add ra, ra, a7\n"
    "  add a5, a5, ra\n"
    "  add ra, ra, a4\n"
    "  srai ra, ra, 16\n"
    "  add a6, a6, ra\n"
    RVFW_DW_PAIRS_LINE("t4", "s11", "s6", "s7", "s8", "a7")
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
    "  addi t3, t3, 8\n"
    "  addi t4, t4, 8\n"
    "  addi a3, a3, 8\n"
    "  bltu a3, a2, 1b\n"
    RVFW_ASM_RESTORE_ALL
    "9:\n"
    "  ret\n"
    ".size rvfw_dw3_pairs, .-rvfw_dw3_pairs\n");
#else
void rvfw_dw3_pairs(const int32_t *w, const int32_t *const x[3], int32_t pairs, int32_t *sums, int32_t bias)
{
    for (int32_t k = 0; k < pairs; ++k) {
        uint32_t sum_p = (uint32_t)bias + ((uint32_t)bias << 16);
        int32_t sum_h = bias, single = 0;
        for (int i = 0; i < 3; ++i) {
            const int32_t *line = x[i] + 2 * k;
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

/* Pack input line y of the channel (zero points outside) into slot: the segment's packed words
 * X[j] = x[j] + 65536 x[j + 1], j in [0, n + 2), x[j] the input at position first + j of the line. */
static void pack(int32_t *slot, const int8_t *line, int32_t first, int32_t n, int32_t length, int32_t step, int32_t zp)
{
    const int32_t words = n + 2, high_zp = (int32_t)((uint32_t)zp << 16);
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
    for (; q + 1 < hi; q += 2, src += 2 * step) { /* two words a turn: the loop's overhead halved */
        const int32_t next = src[0], after = src[step];
        slot[q - 1] = prev + (int32_t)((uint32_t)next << 16);
        slot[q] = next + (int32_t)((uint32_t)after << 16);
        prev = after;
    }
    for (; q < hi; ++q, src += step) {
        const int32_t next = *src;
        slot[q - 1] = prev + (int32_t)((uint32_t)next << 16);
        prev = next;
    }
    for (; q <= words; ++q) {
        slot[q - 1] = prev + high_zp;
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
    int32_t ring[3][RVFW_DW_PAIRS_SLOT];
    /* a line outside the input: zero points, packed once for the whole layer */
    int32_t outside[RVFW_DW_PAIRS_SLOT];
    for (int32_t j = 0; j < RVFW_DW_PAIRS_SLOT; ++j)
        outside[j] = zp + (int32_t)((uint32_t)zp << 16);
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
                const int32_t *packed[3]; /* the packed line in each slot: the slot, or `outside` */
                for (int32_t r = 0; r < lines + 2; ++r, slot = slot == 2 ? 0 : slot + 1) {
                    const int32_t y = r - pad_across;
                    if (y >= 0 && y < across_len) {
                        pack(ring[slot], in_batch + y * across_step + c, first, n, along_len, along_step, zp);
                        packed[slot] = ring[slot];
                    } else {
                        packed[slot] = outside;
                    }
                    if (r < 2)
                        continue;
                    /* output line r - 2 reads lines r - 2 .. r: slots (slot + 1) % 3, (slot + 2) % 3, slot */
                    const int32_t *const three[3] = {packed[slot == 2 ? 0 : slot + 1], packed[slot == 0 ? 2 : slot - 1],
                                                     packed[slot]};
                    rvfw_dw3_pairs(w, three, pairs, sums, bias);
                    int8_t *out = out_batch + (r - 2) * out_across + s0 * out_along + c;
                    if (fast) {
                        const int32_t right = -sh;
                        int32_t i = 0;
                        for (; i + 1 < n; i += 2, out += 2 * out_along) {
                            out[0] = (int8_t)rvfw_clamp(rvfw_requantize_right(sums[i], m, right) + out_offset, lo, hi);
                            out[out_along] =
                                (int8_t)rvfw_clamp(rvfw_requantize_right(sums[i + 1], m, right) + out_offset, lo, hi);
                        }
                        if (i < n)
                            *out = (int8_t)rvfw_clamp(rvfw_requantize_right(sums[i], m, right) + out_offset, lo, hi);
                    } else {
                        for (int32_t i = 0; i < n; ++i, out += out_along)
                            *out = rvfw_requantize_s8(sums[i], m, sh, out_offset, lo, hi);
                    }
                }
            }
        }
    }
}
