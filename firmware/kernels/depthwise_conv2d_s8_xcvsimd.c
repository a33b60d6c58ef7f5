/* DEPTHWISE_CONV_2D, int8, 3x3, stride 1, depth multiplier 1, on the CORE-V SIMD extension
 * (CV32E40P): a kernel line's three taps as one cv.sdotsp.b, one channel at a time.
 *
 * Each channel's input lines (rows, or columns where the output is taller than wide: fewer,
 * longer lines) are copied contiguous into a ring of three line buffers on the stack, with the
 * input's zero point in the padding, so the folded bias serves every pixel and a pixel's three
 * taps along a line are three neighbouring bytes. One word load at the pixel's first tap then
 * covers its taps against [w0 w1 w2 0] and the next pixel's against [0 w0 w1 w2]: per pair of
 * pixels three word loads and six dot products for eighteen MACs. At stride 2 each pixel's taps
 * are a word two bytes on from the last's: three loads and three dot products a pixel, and an
 * output line every second input line of the ring. A line runs in segments of
 * RVFW_DW_XCV_SEG outputs, so the buffers' size bounds every write whatever the layer's shape; a
 * kernel line outside the input reads a line of zero points. The ring turns by pointers (a
 * division costs the core 35 cycles) and the requantisation's constants are the channel's. */
#include <stddef.h>
#include <stdint.h>

#include "rvfw_kernels.h"
#include "rvfw_requant.h"
#include "rvfw_xcv.h"

#define RVFW_DW_XCV_SEG 64 /* output pixels per segment of a line */
/* A segment's input bytes at stride 2: (SEG - 1) * 2 + 3 taps, the last word's fourth byte. */
#define RVFW_DW_XCV_LINE (2 * RVFW_DW_XCV_SEG + 4)

/* A word of four int8 weights, lowest byte first (cv.sdotsp.b multiplies byte i by byte i). */
static inline int32_t bytes4(int32_t b0, int32_t b1, int32_t b2, int32_t b3)
{
    return (int32_t)((uint32_t)(uint8_t)b0 | (uint32_t)(uint8_t)b1 << 8 | (uint32_t)(uint8_t)b2 << 16 |
                     (uint32_t)(uint8_t)b3 << 24);
}

/* Copy the segment's positions [first, first + width) of input line `line` (null: outside the
 * input) into d, the zero point where they fall outside the line. */
static void fill(int8_t *d, const int8_t *line, int32_t first, int32_t width, int32_t length, int32_t step, int8_t zp)
{
    int32_t j = 0;
    if (line) {
        const int32_t lo = first < 0 ? -first : 0, hi = length - first < width ? length - first : width;
        for (; j < lo; ++j)
            d[j] = zp;
        if (j < hi) { /* post-increment loads and stores, four bytes a turn: a taken branch costs 3 cycles */
            const int8_t *s = line + (first + j) * step;
            int8_t *o = d + j;
            const int8_t *end = d + hi;
            for (const int8_t *end4 = end - 3; o < end4;) {
                int32_t v0, v1, v2, v3;
                RVFW_LB_POSTR(v0, s, step);
                RVFW_LB_POSTR(v1, s, step);
                RVFW_LB_POSTR(v2, s, step);
                RVFW_LB_POSTR(v3, s, step);
                RVFW_SB_POST1(v0, o);
                RVFW_SB_POST1(v1, o);
                RVFW_SB_POST1(v2, o);
                RVFW_SB_POST1(v3, o);
            }
            while (o != end) {
                int32_t v;
                RVFW_LB_POSTR(v, s, step);
                RVFW_SB_POST1(v, o);
            }
            j = hi;
        }
    }
    for (; j < width; ++j)
        d[j] = zp;
}

typedef struct {
    int32_t wa[3], wb[3]; /* per kernel line: [w0 w1 w2 0] and [0 w0 w1 w2] */
    int32_t bias, m, shift, offset, lo, hi;
    int32_t add, shift1; /* rvfw_requant_lane's: the rounding constant with the zero point, right + 1 */
} rvfw_dw_xcv_channel;

/* A line's pairs of outputs in the lanes' folded form (rvfw_requantize_folded), each stored where
 * it is summed: _clip for the clamp [-128, 127], _clip_fix the same with the rounding's sign
 * correction (a clamp below the zero point), _minmax a clamp from the zero point up. pairs >= 1. */
void rvfw_xcv_dw_pairs_clip(const int8_t *r0, const int8_t *r1, const int8_t *r2, int32_t pairs, int8_t *out,
                            int32_t out_along, const rvfw_dw_xcv_channel *k);
void rvfw_xcv_dw_pairs_clip_fix(const int8_t *r0, const int8_t *r1, const int8_t *r2, int32_t pairs, int8_t *out,
                                int32_t out_along, const rvfw_dw_xcv_channel *k);
void rvfw_xcv_dw_pairs_minmax(const int8_t *r0, const int8_t *r1, const int8_t *r2, int32_t pairs, int8_t *out,
                              int32_t out_along, const rvfw_dw_xcv_channel *k);

#if __riscv_xlen == 32
_Static_assert(offsetof(rvfw_dw_xcv_channel, shift1) == 52, "the assembly's offsets");
/* One output's requantisation (rvfw_xcv.h: multiplier a6, add a7, shift1 s5; s6 the sign's
 * scratch, or lo s6 and hi s7) and store through a4, which then moves on by out_along (a5):
 * cv.sb v, (a4), a5. */
#define RVFW_DW_XCV_STORE(v) "  .insn r 0x2b, 3, 0x10, a5, a4, " v "\n"
#define RVFW_DW_XCV_CLIP(v) RVFW_XCV_ASM_CLIP(v, "a6", "a7", "s5", RVFW_DW_XCV_STORE)
#define RVFW_DW_XCV_CLIP_FIX(v) RVFW_XCV_ASM_CLIP_FIX(v, "a6", "a7", "s5", "s6", RVFW_DW_XCV_STORE)
#define RVFW_DW_XCV_MINMAX(v) RVFW_XCV_ASM_MINMAX(v, "a6", "a7", "s5", "s6", "s7", RVFW_DW_XCV_STORE)
/* The weights t0-t2 ([w0 w1 w2 0] per kernel line) and t3-t5 ([0 w0 w1 w2]), the bias t6; a pair's
 * three words s0-s2 (cv.lw, post-increment 2: the next pair's), its sums s3 and s4. The pairs are
 * hardware loop 0 (cv.setup 0, a3, words: the instructions after it, a3 times), its body
 * word-aligned and uncompressed; words counts them (the assembler checks it at the end). */
#define RVFW_DW_XCV_PAIRS(name, OUT, CLAMP, words)                                                                     \
    __asm__(".text\n"                                                                                                  \
            ".balign 4\n"                                                                                              \
            ".globl " name "\n"                                                                                        \
            ".type " name ", @function\n" name ":\n"                                                                   \
            "  addi sp, sp, -32\n  sw s0, 0(sp)\n  sw s1, 4(sp)\n  sw s2, 8(sp)\n  sw s3, 12(sp)\n"                       \
            "  sw s4, 16(sp)\n  sw s5, 20(sp)\n  sw s6, 24(sp)\n  sw s7, 28(sp)\n"                                       \
            "  lw t0, 0(a6)\n  lw t1, 4(a6)\n  lw t2, 8(a6)\n  lw t3, 12(a6)\n  lw t4, 16(a6)\n  lw t5, 20(a6)\n"       \
            "  lw t6, 24(a6)\n  lw a7, 48(a6)\n  lw s5, 52(a6)\n" CLAMP "  lw a6, 28(a6)\n"                              \
            ".balign 4\n"                                                                                              \
            ".option push\n"                                                                                           \
            ".option norvc\n"                                                                                          \
            ".option norelax\n"                                                                                        \
            ".L" name "_setup: .insn i 0x2b, 4, x14, a3, " #words "\n" /* cv.setup 0, a3, words */                    \
            "  .insn i 0x0b, 2, s0, a0, 2\n  .insn i 0x0b, 2, s1, a1, 2\n  .insn i 0x0b, 2, s2, a2, 2\n"                 \
            "  mv s3, t6\n  mv s4, t6\n"                                                                                \
            "  .insn r 0x7b, 1, 0x54, s3, s0, t0\n  .insn r 0x7b, 1, 0x54, s4, s0, t3\n"                                \
            "  .insn r 0x7b, 1, 0x54, s3, s1, t1\n  .insn r 0x7b, 1, 0x54, s4, s1, t4\n"                                \
            "  .insn r 0x7b, 1, 0x54, s3, s2, t2\n  .insn r 0x7b, 1, 0x54, s4, s2, t5\n" OUT("s3") OUT("s4")            \
            ".L" name "_end:\n"                                                                                        \
            ".if .L" name "_end - .L" name "_setup != 4 * " #words "\n  .error \"" name ": the loop's end\"\n.endif\n"  \
            ".option pop\n"                                                                                            \
            "  lw s0, 0(sp)\n  lw s1, 4(sp)\n  lw s2, 8(sp)\n  lw s3, 12(sp)\n  lw s4, 16(sp)\n  lw s5, 20(sp)\n"       \
            "  lw s6, 24(sp)\n  lw s7, 28(sp)\n  addi sp, sp, 32\n  ret\n"                                              \
            ".size " name ", .-" name "\n")

RVFW_DW_XCV_PAIRS("rvfw_xcv_dw_pairs_clip", RVFW_DW_XCV_CLIP, "", 24);
RVFW_DW_XCV_PAIRS("rvfw_xcv_dw_pairs_clip_fix", RVFW_DW_XCV_CLIP_FIX, "", 30);
RVFW_DW_XCV_PAIRS("rvfw_xcv_dw_pairs_minmax", RVFW_DW_XCV_MINMAX, "  lw s6, 40(a6)\n  lw s7, 44(a6)\n", 26);
#else
/* The assembly's arithmetic in C (the kernel is built for RV32 cores only; this keeps it compiling
 * for the others). */
static void dw_pairs_c(const int8_t *r0, const int8_t *r1, const int8_t *r2, int32_t pairs, int8_t *out,
                       int32_t out_along, const rvfw_dw_xcv_channel *k, int fix, int minmax)
{
    for (int32_t i = 0; i < 2 * pairs; ++i, out += out_along) {
        int32_t acc = k->bias;
        for (int t = 0; t < 3; ++t)
            acc += r0[i + t] * (int8_t)(k->wa[0] >> (8 * t)) + r1[i + t] * (int8_t)(k->wa[1] >> (8 * t)) +
                   r2[i + t] * (int8_t)(k->wa[2] >> (8 * t));
        const int32_t v = rvfw_requantize_folded(acc, k->m, k->add, k->shift1, fix);
        *out = (int8_t)(minmax ? rvfw_clamp(v, k->lo, k->hi) : rvfw_clamp(v, -128, 127));
    }
}
void rvfw_xcv_dw_pairs_clip(const int8_t *r0, const int8_t *r1, const int8_t *r2, int32_t pairs, int8_t *out,
                            int32_t out_along, const rvfw_dw_xcv_channel *k)
{
    dw_pairs_c(r0, r1, r2, pairs, out, out_along, k, 0, 0);
}
void rvfw_xcv_dw_pairs_clip_fix(const int8_t *r0, const int8_t *r1, const int8_t *r2, int32_t pairs, int8_t *out,
                                int32_t out_along, const rvfw_dw_xcv_channel *k)
{
    dw_pairs_c(r0, r1, r2, pairs, out, out_along, k, 1, 0);
}
void rvfw_xcv_dw_pairs_minmax(const int8_t *r0, const int8_t *r1, const int8_t *r2, int32_t pairs, int8_t *out,
                              int32_t out_along, const rvfw_dw_xcv_channel *k)
{
    dw_pairs_c(r0, r1, r2, pairs, out, out_along, k, 0, 1);
}
#endif

/* One output line's n pixels (pairs) over the three line buffers, written out_along apart; `fast`
 * a constant where inlined, so each form's loop has no test of it. */
static inline __attribute__((always_inline)) void pairs(const int fast, const rvfw_dw_xcv_channel *k,
                                                        const int8_t *r0, const int8_t *r1, const int8_t *r2,
                                                        int32_t n, int8_t *out, int32_t out_along)
{
    const int32_t wa0 = k->wa[0], wa1 = k->wa[1], wa2 = k->wa[2], wb0 = k->wb[0], wb1 = k->wb[1], wb2 = k->wb[2];
    const int32_t bias = k->bias, m = k->m, sh = k->shift;
    const int32_t offset = k->offset, lo = k->lo, hi = k->hi, add = k->add, shift1 = k->shift1;
    /* fast 2: the zero point folded and no sign correction (the clamp's lower bound at or above the
     * zero point: rvfw_requantize_lane_relu); 1: folded (rvfw_requantize_lane); 0: TFLite Micro's */
#define RVFW_DW_XCV_OUT(acc) \
    (fast ? rvfw_xcv_clamp(rvfw_requantize_folded((acc), m, add, shift1, fast == 1), lo, hi) \
          : rvfw_requantize_s8((acc), m, sh, offset, lo, hi))
    for (const int8_t *end = r0 + (n & ~1); r0 != end; out += 2 * out_along) {
        int32_t a = bias, b = bias, v0, v1, v2;
        RVFW_LW_POST2(v0, r0);
        RVFW_LW_POST2(v1, r1);
        RVFW_LW_POST2(v2, r2);
        RVFW_SDOTSP_B(a, v0, wa0);
        RVFW_SDOTSP_B(b, v0, wb0);
        RVFW_SDOTSP_B(a, v1, wa1);
        RVFW_SDOTSP_B(b, v1, wb1);
        RVFW_SDOTSP_B(a, v2, wa2);
        RVFW_SDOTSP_B(b, v2, wb2);
        out[0] = (int8_t)RVFW_DW_XCV_OUT(a);
        out[out_along] = (int8_t)RVFW_DW_XCV_OUT(b);
    }
    if (n & 1) { /* an odd line's last pixel */
        int32_t a = bias;
        RVFW_SDOTSP_B(a, rvfw_xcv_word(r0), wa0);
        RVFW_SDOTSP_B(a, rvfw_xcv_word(r1), wa1);
        RVFW_SDOTSP_B(a, rvfw_xcv_word(r2), wa2);
        out[0] = (int8_t)RVFW_DW_XCV_OUT(a);
    }
#undef RVFW_DW_XCV_OUT
}

/* pairs() for the form at run time: each form's loop inlined once. */
static void line_c(int form, const rvfw_dw_xcv_channel *k, const int8_t *r0, const int8_t *r1, const int8_t *r2,
                   int32_t n, int8_t *out, int32_t out_along)
{
    if (form == 2)
        pairs(2, k, r0, r1, r2, n, out, out_along);
    else if (form == 1)
        pairs(1, k, r0, r1, r2, n, out, out_along);
    else
        pairs(0, k, r0, r1, r2, n, out, out_along);
}

/* Stride 2: each pixel's three taps per kernel line are the word at its first, two bytes on. */
static inline __attribute__((always_inline)) void singles(const int fast, const rvfw_dw_xcv_channel *k,
                                                          const int8_t *r0, const int8_t *r1, const int8_t *r2,
                                                          int32_t n, int8_t *out, int32_t out_along)
{
    const int32_t wa0 = k->wa[0], wa1 = k->wa[1], wa2 = k->wa[2];
    const int32_t bias = k->bias, m = k->m, sh = k->shift;
    const int32_t offset = k->offset, lo = k->lo, hi = k->hi, add = k->add, shift1 = k->shift1;
    for (const int8_t *end = r0 + 2 * n; r0 != end; out += out_along) {
        int32_t a = bias, v0, v1, v2;
        RVFW_LW_POST2(v0, r0);
        RVFW_LW_POST2(v1, r1);
        RVFW_LW_POST2(v2, r2);
        RVFW_SDOTSP_B(a, v0, wa0);
        RVFW_SDOTSP_B(a, v1, wa1);
        RVFW_SDOTSP_B(a, v2, wa2);
        out[0] = (int8_t)(fast ? rvfw_xcv_clamp(rvfw_requantize_folded(a, m, add, shift1, fast == 1), lo, hi)
                               : rvfw_requantize_s8(a, m, sh, offset, lo, hi));
    }
}

/* fill() for four channels at once (c..c+3 of an NHWC line, a word per position): d[q] their
 * line buffers. Four positions' words are transposed into each channel's four bytes (two
 * byte shuffles a pair, then a half-word pack per channel: ten instructions for sixteen bytes),
 * stored as one (possibly misaligned) word each. */
static void fill4(int8_t *const d[4], const int8_t *line, int32_t first, int32_t width, int32_t length, int32_t step,
                  int8_t zp)
{
    /* The zero point a word at a time (the positions past `width` up to its next multiple of four
     * are inside the buffer: width <= RVFW_DW_XCV_LINE - 2 at either stride, and RVFW_DW_XCV_LINE
     * is a multiple of four) and before the input's positions, which overwrite it (a byte loop
     * here became memset calls). */
    const int32_t zpw = (int32_t)((uint8_t)zp * 0x01010101u);
    int32_t lo = width, hi = width;
    if (line)
        lo = first < 0 ? -first : 0, hi = length - first < width ? length - first : width;
    for (int32_t j = 0; j < lo; j += 4)
        for (int q = 0; q < 4; ++q)
            rvfw_xcv_store_word(d[q] + j, zpw);
    for (int32_t j = hi; j < width; j += 4)
        for (int q = 0; q < 4; ++q)
            rvfw_xcv_store_word(d[q] + j, zpw);
    if (!line)
        return;
    int32_t j = lo;
    const int8_t *s = line + (first + j) * step;
    int8_t *d0 = d[0] + j, *d1 = d[1] + j, *d2 = d[2] + j, *d3 = d[3] + j;
    const int32_t even = 0x06020400, odd = 0x07030501; /* [x.b0 y.b0 x.b2 y.b2], [x.b1 y.b1 x.b3 y.b3] */
    for (; j + 4 <= hi; j += 4, d0 += 4, d1 += 4, d2 += 4, d3 += 4) {
        int32_t p0, p1, p2, p3;
        RVFW_LW_POSTR(p0, s, step);
        RVFW_LW_POSTR(p1, s, step);
        RVFW_LW_POSTR(p2, s, step);
        RVFW_LW_POSTR(p3, s, step);
        int32_t a = p0, c = p2, t0, t1, t2, t3;
        RVFW_XCV_SHUFFLE2_B(a, p1, even); /* [p0.b0 p1.b0 p0.b2 p1.b2] */
        RVFW_XCV_SHUFFLE2_B(p0, p1, odd); /* [p0.b1 p1.b1 p0.b3 p1.b3] */
        RVFW_XCV_SHUFFLE2_B(c, p3, even);
        RVFW_XCV_SHUFFLE2_B(p2, p3, odd);
        RVFW_XCV_PACK(t0, c, a);
        RVFW_XCV_PACK_H(t2, c, a);
        RVFW_XCV_PACK(t1, p2, p0);
        RVFW_XCV_PACK_H(t3, p2, p0);
        rvfw_xcv_store_word(d0, t0), rvfw_xcv_store_word(d1, t1);
        rvfw_xcv_store_word(d2, t2), rvfw_xcv_store_word(d3, t3);
    }
    for (; j < hi; ++j) {
        const int32_t v = rvfw_xcv_word(s);
        s += step;
        d[0][j] = (int8_t)v, d[1][j] = (int8_t)(v >> 8), d[2][j] = (int8_t)(v >> 16), d[3][j] = (int8_t)(v >> 24);
    }
}

/* Channel c's weights as words along the lines and its requantisation (the form pairs() takes:
 * 2 and 1 fold the zero point (right shift at most 21), 2 also leaves out the sign correction (the
 * clamp from the zero point up), 0 the general one). */
static int channel(rvfw_dw_xcv_channel *k, const rvfw_conv_params *p, int vertical, int32_t c, const int8_t *filter,
                   const int32_t *bias_folded, const int32_t *output_multiplier, const int8_t *output_shift)
{
    const int32_t ch = p->in_c, offset = p->output_offset, lo = p->output_activation_min;
    const int8_t *f = filter + c;
    *k = (rvfw_dw_xcv_channel){.bias = bias_folded[c], .m = output_multiplier[c], .shift = output_shift[c],
                               .offset = offset, .lo = lo, .hi = p->output_activation_max};
    rvfw_requant_lane lane;
    const int form = p->fast_requant && rvfw_requant_lane_init(&lane, 0, k->m, k->shift, offset) ? 1 + (lo >= offset) : 0;
    k->add = form ? lane.add : 0, k->shift1 = form ? lane.shift1 : 0;
    for (int i = 0; i < 3; ++i) {
        const int32_t w0 = f[(vertical ? i : 3 * i) * ch], w1 = f[(vertical ? 3 + i : 3 * i + 1) * ch];
        const int32_t w2 = f[(vertical ? 6 + i : 3 * i + 2) * ch];
        k->wa[i] = bytes4(w0, w1, w2, 0), k->wb[i] = bytes4(0, w0, w1, w2);
    }
    return form;
}

typedef void (*rvfw_dw_xcv_line)(const int8_t *, const int8_t *, const int8_t *, int32_t, int8_t *, int32_t,
                                 const rvfw_dw_xcv_channel *);

/* The pairs' assembly for the form and clamp where there is one. */
static rvfw_dw_xcv_line line_assembly(int form, int32_t lo, int32_t hi)
{
    if (lo == -128 && hi == 127)
        return form == 2 ? rvfw_xcv_dw_pairs_clip : form == 1 ? rvfw_xcv_dw_pairs_clip_fix : 0;
    return form == 2 ? rvfw_xcv_dw_pairs_minmax : 0;
}

RVFW_KERNEL void rvfw_depthwise_conv2d_s8_xcvsimd(const rvfw_conv_params *p, const int8_t *input,
                                                  const int8_t *filter, const int32_t *bias_folded,
                                                  const int32_t *output_multiplier, const int8_t *output_shift,
                                                  int8_t *output)
{
    const int32_t ch = p->in_c, in_h = p->in_h, in_w = p->in_w, out_h = p->out_h, out_w = p->out_w;
    const int8_t zp = (int8_t)-p->input_offset;
    const int32_t stride = p->stride_h; /* 1 or 2, both ways (the build's Need) */
    const int vertical = out_h > out_w;
    const int32_t lines = vertical ? out_w : out_h, count = vertical ? out_h : out_w;
    const int32_t pad_across = vertical ? p->pad_w : p->pad_h, pad_along = vertical ? p->pad_h : p->pad_w;
    const int32_t across_len = vertical ? in_w : in_h, along_len = vertical ? in_h : in_w;
    const int32_t across_step = vertical ? ch : in_w * ch, along_step = vertical ? in_w * ch : ch;
    const int32_t out_across = vertical ? ch : out_w * ch, out_along = vertical ? out_w * ch : ch;
    /* Four channels a pass where each has the pairs' assembly (the form is the layer's for all but
     * a channel whose shift the lanes refuse: channel 0's stands for them, checked per channel) and
     * the channels come in words: their lines filled four at a time. */
    rvfw_dw_xcv_channel k[4];
    const int group = (ch & 3) == 0 &&
                              line_assembly(channel(&k[0], p, vertical, 0, filter, bias_folded, output_multiplier,
                                                    output_shift),
                                            p->output_activation_min, p->output_activation_max)
                          ? 4
                          : 1;
    int32_t ring_words[3][4][RVFW_DW_XCV_LINE / 4];
    for (int32_t bt = 0; bt < p->batches; ++bt) {
        const int8_t *in_batch = input + bt * in_h * in_w * ch;
        int8_t *out_batch = output + bt * out_h * out_w * ch;
        for (int32_t c = 0; c < ch; c += group) {
            int form[4];
            rvfw_dw_xcv_line line_asm[4];
            for (int q = 0; q < group; ++q) {
                form[q] = channel(&k[q], p, vertical, c + q, filter, bias_folded, output_multiplier, output_shift);
                line_asm[q] = stride == 1 ? line_assembly(form[q], k[q].lo, k[q].hi) : 0;
            }
            for (int32_t s0 = 0; s0 < count; s0 += RVFW_DW_XCV_SEG) {
                const int32_t n = count - s0 < RVFW_DW_XCV_SEG ? count - s0 : RVFW_DW_XCV_SEG;
                const int32_t first = s0 * stride - pad_along, width = (n - 1) * stride + 4;
                int32_t(*r0)[RVFW_DW_XCV_LINE / 4] = ring_words[0], (*r1)[RVFW_DW_XCV_LINE / 4] = ring_words[1];
                int32_t(*r2)[RVFW_DW_XCV_LINE / 4] = ring_words[2];
                for (int32_t r = 0; r < (lines - 1) * stride + 3; ++r) {
                    const int32_t y = r - pad_across;
                    const int8_t *line = y >= 0 && y < across_len ? in_batch + y * across_step + c : 0;
                    if (group == 4) {
                        int8_t *const d[4] = {(int8_t *)r2[0], (int8_t *)r2[1], (int8_t *)r2[2], (int8_t *)r2[3]};
                        fill4(d, line, first, width, along_len, along_step, zp);
                    } else
                        fill((int8_t *)r2[0], line, first, width, along_len, along_step, zp);
                    /* output line o reads lines o * stride .. o * stride + 2: r0, r1, r2 when r is the last */
                    for (int q = 0; q < group && r >= 2 && (stride == 1 || (r & 1) == 0); ++q) {
                        const int8_t *l0 = (const int8_t *)r0[q], *l1 = (const int8_t *)r1[q];
                        const int8_t *l2 = (const int8_t *)r2[q];
                        /* (r - 2) / stride without a division (35 cycles on this core) */
                        int8_t *out = out_batch + ((r - 2) >> (stride - 1)) * out_across + s0 * out_along + c + q;
                        const int f = form[q];
                        if (stride == 2)
                            f == 2   ? singles(2, &k[q], l0, l1, l2, n, out, out_along)
                            : f == 1 ? singles(1, &k[q], l0, l1, l2, n, out, out_along)
                                     : singles(0, &k[q], l0, l1, l2, n, out, out_along);
                        else if (line_asm[q] && n >= 2) {
                            line_asm[q](l0, l1, l2, n >> 1, out, out_along, &k[q]);
                            if (n & 1) /* an odd line's last pixel */
                                line_c(f, &k[q], l0 + (n & ~1), l1 + (n & ~1), l2 + (n & ~1), 1,
                                       out + (n & ~1) * out_along, out_along);
                        } else
                            line_c(f, &k[q], l0, l1, l2, n, out, out_along);
                    }
                    int32_t(*spare)[RVFW_DW_XCV_LINE / 4] = r0; /* turn the ring: the oldest line's buffers take the next */
                    r0 = r1, r1 = r2, r2 = spare;
                }
            }
        }
    }
}
