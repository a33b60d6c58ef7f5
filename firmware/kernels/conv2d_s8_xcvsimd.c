/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, int8, on the CORE-V SIMD extension (CV32E40P, COREV_PULP): four MACs per cv.sdotsp.b.
 *
 * As conv2d_s8_scalar: the input offset folded into the bias, a pointwise convolution over its
 * input rows, any other over im2col columns in its spare scratch (padding taps read the zero
 * point). One matrix-product block, four pixels by four output channels: per four taps four
 * activation words and four weight words (cv.lw, post-increment) feed sixteen dot products, each
 * loaded word used four times (PULP-NN's 4x2 block loads six words for eight). The weights come
 * repacked at build time (codegen.ops.conv2d.quads_table): per block of four output channels and
 * four taps, the four channels' words one after the other, so one pointer walks them; the block's
 * channels past out_c have zero weights and are not stored. Taps past the last multiple of four
 * are single bytes (a word there would read past the pixel's row). The clamp is cv.max/cv.min. */
#include <stddef.h>

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
} rvfw_xcv_mm;

/* acc[4 i + j] += pixel i's words (rows x, x + n, x + 2n, x + 3n) dot channel j's, over `words`
 * words of quads w. On RV32 one assembly loop: sixteen sums, six loaded words, five pointers and
 * the end take all 28 free registers (the compiler spilled two sums, four memory accesses per
 * iteration); the sums go through memory once per block. */
void rvfw_xcv_4x4(const int8_t *x, int32_t n, const int8_t *w, int32_t *acc, int32_t words);

#if __riscv_xlen == 32
#define RVFW_XCV_LW(rd, rs) "  .insn i 0x0b, 2, " rd ", " rs ", 4\n"
#define RVFW_XCV_DOT(acc, a, b) "  .insn r 0x7b, 1, 0x54, " acc ", " a ", " b "\n"
__asm__(".text\n"
        ".balign 4\n"
        ".globl rvfw_xcv_4x4\n"
        ".type rvfw_xcv_4x4, @function\n"
        "rvfw_xcv_4x4:\n"
        "  blez a4, 9f\n"
        RVFW_ASM_SAVE_ALL
        "  sw a3, 52(sp)\n"
        /* s0-s3 pixel 0's channels, s4-s7 pixel 1's, s8-s11 pixel 2's, t3-t6 pixel 3's */
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
        "1:\n" RVFW_XCV_LW("t0", "a0") RVFW_XCV_LW("t1", "a1") RVFW_XCV_LW("t2", "a2") RVFW_XCV_LW("a6", "a3")
        RVFW_XCV_LW("a7", "a4") RVFW_XCV_LW("ra", "a4")
        RVFW_XCV_DOT("s0", "t0", "a7") RVFW_XCV_DOT("s4", "t1", "a7") RVFW_XCV_DOT("s8", "t2", "a7")
        RVFW_XCV_DOT("t3", "a6", "a7") RVFW_XCV_LW("a7", "a4")
        RVFW_XCV_DOT("s1", "t0", "ra") RVFW_XCV_DOT("s5", "t1", "ra") RVFW_XCV_DOT("s9", "t2", "ra")
        RVFW_XCV_DOT("t4", "a6", "ra") RVFW_XCV_LW("ra", "a4")
        RVFW_XCV_DOT("s2", "t0", "a7") RVFW_XCV_DOT("s6", "t1", "a7") RVFW_XCV_DOT("s10", "t2", "a7")
        RVFW_XCV_DOT("t5", "a6", "a7")
        RVFW_XCV_DOT("s3", "t0", "ra") RVFW_XCV_DOT("s7", "t1", "ra") RVFW_XCV_DOT("s11", "t2", "ra")
        RVFW_XCV_DOT("t6", "a6", "ra")
        "  bne a0, a5, 1b\n"
        "  lw a3, 52(sp)\n"
        "  sw s0, 0(a3)\n  sw s1, 4(a3)\n  sw s2, 8(a3)\n  sw s3, 12(a3)\n  sw s4, 16(a3)\n  sw s5, 20(a3)\n"
        "  sw s6, 24(a3)\n  sw s7, 28(a3)\n  sw s8, 32(a3)\n  sw s9, 36(a3)\n  sw s10, 40(a3)\n  sw s11, 44(a3)\n"
        "  sw t3, 48(a3)\n  sw t4, 52(a3)\n  sw t5, 56(a3)\n  sw t6, 60(a3)\n"
        RVFW_ASM_RESTORE_ALL
        "9:\n"
        "  ret\n"
        ".size rvfw_xcv_4x4, .-rvfw_xcv_4x4\n");
#else
void rvfw_xcv_4x4(const int8_t *x, int32_t n, const int8_t *w, int32_t *acc, int32_t words)
{
    for (int32_t k = 0; k < words; ++k)
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j)
                for (int t = 0; t < 4; ++t)
                    acc[4 * i + j] += x[i * n + 4 * k + t] * w[16 * k + 4 * j + t];
}
#endif

/* One block of four output channels (oc..oc+3; those at out_c or past it have zero weights and
 * are not stored): its biases, multipliers and shifts read once for all the pixels it runs over. */
typedef struct {
    int32_t oc, count, bias[4], mult[4], shift[4];
    int32_t add[4], shift1[4]; /* form 1 and 2: rvfw_requant_lane's, the zero point folded */
    int form; /* 2: folded, no sign correction (the clamp from the zero point up); 1: folded; 0: general */
    const int8_t *w;
} rvfw_xcv_channels;

/* The outputs of the block's channels for `pixels` pixels from their sums acc[4 i + j]. */
static inline __attribute__((always_inline)) void store_block(const rvfw_xcv_mm *m, const rvfw_xcv_channels *k,
                                                              int8_t *out, const int32_t *acc, int pixels)
{
    const int32_t out_c = m->out_c, offset = m->offset, lo = m->lo, hi = m->hi;
    out += k->oc;
    if (k->form) { /* the common block: its constants in registers, the zero point folded */
        const int32_t m0 = k->mult[0], m1 = k->mult[1], m2 = k->mult[2], m3 = k->mult[3];
        const int32_t a0 = k->add[0], a1 = k->add[1], a2 = k->add[2], a3 = k->add[3];
        const int32_t s0 = k->shift1[0], s1 = k->shift1[1], s2 = k->shift1[2], s3 = k->shift1[3];
        const int fix = k->form == 1; /* 2: a clamp from the zero point up, no sign correction */
        for (int i = 0; i < pixels; ++i, out += out_c, acc += 4) {
            if (fix) {
                out[0] = (int8_t)rvfw_xcv_clamp(rvfw_requantize_folded(acc[0], m0, a0, s0, 1), lo, hi);
                out[1] = (int8_t)rvfw_xcv_clamp(rvfw_requantize_folded(acc[1], m1, a1, s1, 1), lo, hi);
                out[2] = (int8_t)rvfw_xcv_clamp(rvfw_requantize_folded(acc[2], m2, a2, s2, 1), lo, hi);
                out[3] = (int8_t)rvfw_xcv_clamp(rvfw_requantize_folded(acc[3], m3, a3, s3, 1), lo, hi);
            } else {
                out[0] = (int8_t)rvfw_xcv_clamp(rvfw_requantize_folded(acc[0], m0, a0, s0, 0), lo, hi);
                out[1] = (int8_t)rvfw_xcv_clamp(rvfw_requantize_folded(acc[1], m1, a1, s1, 0), lo, hi);
                out[2] = (int8_t)rvfw_xcv_clamp(rvfw_requantize_folded(acc[2], m2, a2, s2, 0), lo, hi);
                out[3] = (int8_t)rvfw_xcv_clamp(rvfw_requantize_folded(acc[3], m3, a3, s3, 0), lo, hi);
            }
        }
        return;
    }
    for (int i = 0; i < pixels; ++i, out += out_c)
        for (int32_t j = 0; j < k->count; ++j)
            out[j] = rvfw_xcv_output(m->fast, acc[4 * i + j], k->mult[j], k->shift[j], offset, lo, hi);
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

/* Output channel blocks outside, pixels inside: each block's constants set up once. */
static void matmul(const rvfw_xcv_mm *m, const int8_t *input, int32_t pixels, const int8_t *quads, int8_t *output)
{
    const int32_t n = m->n, out_c = m->out_c, block_bytes = ((n + 3) >> 2) * 16;
    rvfw_xcv_channels k;
    for (int32_t oc = 0; oc < out_c; oc += 4) {
        k.oc = oc, k.count = out_c - oc < 4 ? out_c - oc : 4, k.w = quads + (oc >> 2) * block_bytes;
        for (int j = 0; j < 4; ++j) {
            const int inside = j < k.count;
            k.bias[j] = inside ? m->bias[oc + j] : 0;
            k.mult[j] = inside ? m->multiplier[oc + j] : 0;
            k.shift[j] = inside ? m->shift[oc + j] : 0;
        }
        k.form = m->fast && k.count == 4 ? 1 + (m->lo >= m->offset) : 0;
        for (int j = 0; k.form && j < 4; ++j) {
            rvfw_requant_lane lane;
            if (rvfw_requant_lane_init(&lane, 0, k.mult[j], k.shift[j], m->offset))
                k.add[j] = lane.add, k.shift1[j] = lane.shift1;
            else
                k.form = 0;
        }
        int32_t px = 0;
        for (; px + 4 <= pixels; px += 4)
            block_4x4(m, &k, input + px * n, output + px * out_c);
        for (; px < pixels; ++px) /* the last one to three pixels */
            block_1x4(m, &k, input + px * n, output + px * out_c);
    }
}

RVFW_KERNEL void rvfw_conv2d_s8_xcvsimd(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_quads,
                                        const int32_t *bias_folded, const int32_t *output_multiplier,
                                        const int8_t *output_shift, int8_t *output, int8_t *col)
{
    const int32_t pixels = p->batches * p->out_h * p->out_w;
    const rvfw_xcv_mm m = {p->out_c, p->k_h * p->k_w * p->in_c, p->output_offset, p->output_activation_min,
                           p->output_activation_max, p->fast_requant, bias_folded, output_multiplier, output_shift};
    if (rvfw_conv_pointwise(p)) {
        matmul(&m, input, pixels, filter_quads, output);
        return;
    }
    for (int32_t px = 0; px < pixels; px += RVFW_CONV_IM2COL_PIXELS) {
        const int32_t count = pixels - px < RVFW_CONV_IM2COL_PIXELS ? pixels - px : RVFW_CONV_IM2COL_PIXELS;
        rvfw_im2col_s8(p, input, px, count, col);
        matmul(&m, col, count, filter_quads, output + px * m.out_c);
    }
}
