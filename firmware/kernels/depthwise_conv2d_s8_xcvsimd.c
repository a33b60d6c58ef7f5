/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, int8, 3x3, stride 1, depth multiplier 1, on the CORE-V SIMD extension
 * (CV32E40P): a kernel line's three taps as one cv.sdotsp.b, one channel at a time.
 *
 * Each channel's input lines (rows, or columns where the output is taller than wide: fewer,
 * longer lines) are copied contiguous into a ring of three line buffers on the stack, with the
 * input's zero point in the padding, so the folded bias serves every pixel and a pixel's three
 * taps along a line are three neighbouring bytes. One word load at the pixel's first tap then
 * covers its taps against [w0 w1 w2 0] and the next pixel's against [0 w0 w1 w2]: per pair of
 * pixels three word loads and six dot products for eighteen MACs. A line longer than the buffer
 * (RVFW_DW_XCV_LINE) never reaches this kernel (the build's Need); a kernel line outside the input
 * reads a line of zero points. */
#include <stdint.h>

#include "rvfw_kernels.h"
#include "rvfw_requant.h"
#include "rvfw_xcv.h"

/* Bytes of one line buffer: the longest line plus the padding either side and the last pair's
 * fourth byte, rounded to words. Mirrors codegen.ops.depthwise_conv2d.XCV_LINE. */
#define RVFW_DW_XCV_LINE 256

/* A word of four int8 weights, lowest byte first (cv.sdotsp.b multiplies byte i by byte i). */
static inline int32_t bytes4(int32_t b0, int32_t b1, int32_t b2, int32_t b3)
{
    return (int32_t)((uint32_t)(uint8_t)b0 | (uint32_t)(uint8_t)b1 << 8 | (uint32_t)(uint8_t)b2 << 16 |
                     (uint32_t)(uint8_t)b3 << 24);
}

RVFW_KERNEL void rvfw_depthwise_conv2d_s8_xcvsimd(const rvfw_conv_params *p, const int8_t *input,
                                                  const int8_t *filter, const int32_t *bias_folded,
                                                  const int32_t *output_multiplier, const int8_t *output_shift,
                                                  int8_t *output)
{
    const int32_t ch = p->in_c, in_h = p->in_h, in_w = p->in_w, out_h = p->out_h, out_w = p->out_w;
    const int8_t zp = (int8_t)-p->input_offset;
    const int32_t offset = p->output_offset, lo = p->output_activation_min, hi = p->output_activation_max;
    const int32_t fast = p->fast_requant;
    const int vertical = out_h > out_w;
    const int32_t lines = vertical ? out_w : out_h, count = vertical ? out_h : out_w;
    const int32_t pad_across = vertical ? p->pad_w : p->pad_h, pad_along = vertical ? p->pad_h : p->pad_w;
    const int32_t across_len = vertical ? in_w : in_h, along_len = vertical ? in_h : in_w;
    const int32_t across_step = vertical ? ch : in_w * ch, along_step = vertical ? in_w * ch : ch;
    const int32_t out_across = vertical ? ch : out_w * ch, out_along = vertical ? out_w * ch : ch;
    const int32_t width = count + 3; /* the padded line and the last pixel's fourth byte */
    int32_t ring_words[3][RVFW_DW_XCV_LINE / 4];
    int8_t *ring[3] = {(int8_t *)ring_words[0], (int8_t *)ring_words[1], (int8_t *)ring_words[2]};
    for (int32_t bt = 0; bt < p->batches; ++bt) {
        const int8_t *in_batch = input + bt * in_h * in_w * ch;
        int8_t *out_batch = output + bt * out_h * out_w * ch;
        for (int32_t c = 0; c < ch; ++c) {
            const int8_t *f = filter + c;
            int32_t wa[3], wb[3]; /* per kernel line: [w0 w1 w2 0] and [0 w0 w1 w2] */
            for (int i = 0; i < 3; ++i) {
                const int32_t w0 = f[(vertical ? i : 3 * i) * ch], w1 = f[(vertical ? 3 + i : 3 * i + 1) * ch];
                const int32_t w2 = f[(vertical ? 6 + i : 3 * i + 2) * ch];
                wa[i] = bytes4(w0, w1, w2, 0), wb[i] = bytes4(0, w0, w1, w2);
            }
            const int32_t bias = bias_folded[c], m = output_multiplier[c], sh = output_shift[c];
            /* Fill buffer slot s with input line y (the zero point outside the input). */
#define RVFW_FILL(slot, y)                                                                                             \
    do {                                                                                                               \
        int8_t *d = ring[(slot)];                                                                                      \
        const int32_t line_y = (y);                                                                                    \
        if (line_y < 0 || line_y >= across_len) {                                                                      \
            for (int32_t j = 0; j < width; ++j)                                                                        \
                d[j] = zp;                                                                                             \
        } else {                                                                                                       \
            const int8_t *s = in_batch + line_y * across_step + c;                                                     \
            int32_t j = 0;                                                                                             \
            for (; j < pad_along; ++j)                                                                                 \
                d[j] = zp;                                                                                             \
            for (int32_t x = 0; x < along_len && j < width; ++x, ++j, s += along_step)                                 \
                d[j] = *s;                                                                                             \
            for (; j < width; ++j)                                                                                     \
                d[j] = zp;                                                                                             \
        }                                                                                                              \
    } while (0)
            RVFW_FILL(0, -pad_across);
            RVFW_FILL(1, 1 - pad_across);
            for (int32_t o = 0; o < lines; ++o) {
                RVFW_FILL((o + 2) % 3, o + 2 - pad_across);
                const int8_t *r0 = ring[o % 3], *r1 = ring[(o + 1) % 3], *r2 = ring[(o + 2) % 3];
                int8_t *out = out_batch + o * out_across + c;
                int32_t x = 0;
                for (; x + 2 <= count; x += 2, out += 2 * out_along) {
                    int32_t a = bias, b = bias;
                    const int32_t v0 = rvfw_xcv_word(r0 + x), v1 = rvfw_xcv_word(r1 + x), v2 = rvfw_xcv_word(r2 + x);
                    RVFW_SDOTSP_B(a, v0, wa[0]);
                    RVFW_SDOTSP_B(b, v0, wb[0]);
                    RVFW_SDOTSP_B(a, v1, wa[1]);
                    RVFW_SDOTSP_B(b, v1, wb[1]);
                    RVFW_SDOTSP_B(a, v2, wa[2]);
                    RVFW_SDOTSP_B(b, v2, wb[2]);
                    out[0] = RVFW_OUTPUT_S8_FAST(fast, a, m, sh, offset, lo, hi);
                    out[out_along] = RVFW_OUTPUT_S8_FAST(fast, b, m, sh, offset, lo, hi);
                }
                if (x < count) { /* a last odd pixel */
                    int32_t a = bias;
                    RVFW_SDOTSP_B(a, rvfw_xcv_word(r0 + x), wa[0]);
                    RVFW_SDOTSP_B(a, rvfw_xcv_word(r1 + x), wa[1]);
                    RVFW_SDOTSP_B(a, rvfw_xcv_word(r2 + x), wa[2]);
                    out[0] = RVFW_OUTPUT_S8_FAST(fast, a, m, sh, offset, lo, hi);
                }
            }
#undef RVFW_FILL
        }
    }
}
