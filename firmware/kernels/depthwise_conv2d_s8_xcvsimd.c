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

RVFW_KERNEL void rvfw_depthwise_conv2d_s8_xcvsimd(const rvfw_conv_params *p, const int8_t *input,
                                                  const int8_t *filter, const int32_t *bias_folded,
                                                  const int32_t *output_multiplier, const int8_t *output_shift,
                                                  int8_t *output)
{
    const int32_t ch = p->in_c, in_h = p->in_h, in_w = p->in_w, out_h = p->out_h, out_w = p->out_w;
    const int8_t zp = (int8_t)-p->input_offset;
    const int32_t offset = p->output_offset, lo = p->output_activation_min, hi = p->output_activation_max;
    const int32_t fast = p->fast_requant, stride = p->stride_h; /* 1 or 2, both ways (the build's Need) */
    const int vertical = out_h > out_w;
    const int32_t lines = vertical ? out_w : out_h, count = vertical ? out_h : out_w;
    const int32_t pad_across = vertical ? p->pad_w : p->pad_h, pad_along = vertical ? p->pad_h : p->pad_w;
    const int32_t across_len = vertical ? in_w : in_h, along_len = vertical ? in_h : in_w;
    const int32_t across_step = vertical ? ch : in_w * ch, along_step = vertical ? in_w * ch : ch;
    const int32_t out_across = vertical ? ch : out_w * ch, out_along = vertical ? out_w * ch : ch;
    int32_t ring_words[3][RVFW_DW_XCV_LINE / 4];
    for (int32_t bt = 0; bt < p->batches; ++bt) {
        const int8_t *in_batch = input + bt * in_h * in_w * ch;
        int8_t *out_batch = output + bt * out_h * out_w * ch;
        for (int32_t c = 0; c < ch; ++c) {
            const int8_t *f = filter + c;
            rvfw_dw_xcv_channel k = {.bias = bias_folded[c], .m = output_multiplier[c], .shift = output_shift[c],
                                     .offset = offset, .lo = lo, .hi = hi};
            /* the form (pairs, singles): 2 and 1 fold the zero point (right shift at most 21), 2 also
             * leaves out the sign correction (the clamp from the zero point up), 0 the general one */
            rvfw_requant_lane lane;
            const int form = fast && rvfw_requant_lane_init(&lane, 0, k.m, k.shift, offset) ? 1 + (lo >= offset) : 0;
            k.add = form ? lane.add : 0, k.shift1 = form ? lane.shift1 : 0;
            for (int i = 0; i < 3; ++i) {
                const int32_t w0 = f[(vertical ? i : 3 * i) * ch], w1 = f[(vertical ? 3 + i : 3 * i + 1) * ch];
                const int32_t w2 = f[(vertical ? 6 + i : 3 * i + 2) * ch];
                k.wa[i] = bytes4(w0, w1, w2, 0), k.wb[i] = bytes4(0, w0, w1, w2);
            }
            for (int32_t s0 = 0; s0 < count; s0 += RVFW_DW_XCV_SEG) {
                const int32_t n = count - s0 < RVFW_DW_XCV_SEG ? count - s0 : RVFW_DW_XCV_SEG;
                const int32_t first = s0 * stride - pad_along, width = (n - 1) * stride + 4;
                int8_t *r0 = (int8_t *)ring_words[0], *r1 = (int8_t *)ring_words[1], *r2 = (int8_t *)ring_words[2];
                for (int32_t r = 0; r < (lines - 1) * stride + 3; ++r) {
                    const int32_t y = r - pad_across;
                    const int8_t *line = y >= 0 && y < across_len ? in_batch + y * across_step + c : 0;
                    fill(r2, line, first, width, along_len, along_step, zp);
                    /* output line o reads lines o * stride .. o * stride + 2: r0, r1, r2 when r is the last */
                    if (r >= 2 && (stride == 1 || (r & 1) == 0)) {
                        int8_t *out = out_batch + (r - 2) / stride * out_across + s0 * out_along + c;
                        if (stride == 2)
                            form == 2   ? singles(2, &k, r0, r1, r2, n, out, out_along)
                            : form == 1 ? singles(1, &k, r0, r1, r2, n, out, out_along)
                                        : singles(0, &k, r0, r1, r2, n, out, out_along);
                        else if (form == 2)
                            pairs(2, &k, r0, r1, r2, n, out, out_along);
                        else if (form == 1)
                            pairs(1, &k, r0, r1, r2, n, out, out_along);
                        else
                            pairs(0, &k, r0, r1, r2, n, out, out_along);
                    }
                    int8_t *spare = r0; /* turn the ring: the oldest line's buffer takes the next */
                    r0 = r1, r1 = r2, r2 = spare;
                }
            }
        }
    }
}
