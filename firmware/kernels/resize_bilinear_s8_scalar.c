/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR, int8, fast scalar: the reference's integer blend (four int8 values, weights in
 * 1/1024 along each axis, the sum in units of 2^-20), with its rounding half away from zero done
 * without a branch or a division: for s >= 0, (s + 2^19) >> 20; for s < 0, the reference's
 * truncated (s - 2^19) / 2^20 is ceil((s - 2^19) / 2^20) = (s + 2^19 - 1) >> 20; so both are
 * (s + 2^19 + (s >> 31)) >> 20 with an arithmetic shift. The four weights are formed once per
 * output pixel, and two channels go per pass. */
#include "rvfw_resize.h"

static inline int8_t blend(int32_t sum)
{
    return (int8_t)((sum + (1 << 19) + (sum >> 31)) >> 20);
}

RVFW_KERNEL void rvfw_resize_bilinear_s8_scalar(const rvfw_resize_bilinear_params *p, const int8_t *input, const int32_t *rows,
                                    const int32_t *cols, int8_t *output)
{
    const int32_t one = 1 << 10, depth = p->depth;
#define BLEND_ROW                                                                                                 \
    const int32_t dy = rows[3 * y + 2];                                                                           \
    const int32_t *col = cols;                                                                                    \
    for (int32_t x = 0; x < p->out_w; ++x, col += 3, output += depth) {                                           \
        const int32_t dx = col[2];                                                                                \
        const int32_t w00 = (one - dy) * (one - dx), w10 = dy * (one - dx), w01 = (one - dy) * dx, w11 = dy * dx; \
        const int8_t *a0 = r0 + col[0] * depth, *a1 = r1 + col[0] * depth;                                       \
        const int8_t *b0 = r0 + col[1] * depth, *b1 = r1 + col[1] * depth;                                       \
        int32_t c = 0;                                                                                            \
        for (; c + 1 < depth; c += 2) {                                                                           \
            const int32_t s0 = a0[c] * w00 + a1[c] * w10 + b0[c] * w01 + b1[c] * w11;                             \
            const int32_t s1 = a0[c + 1] * w00 + a1[c + 1] * w10 + b0[c + 1] * w01 + b1[c + 1] * w11;             \
            output[c] = blend(s0);                                                                                \
            output[c + 1] = blend(s1);                                                                            \
        }                                                                                                         \
        if (c < depth)                                                                                            \
            output[c] = blend(a0[c] * w00 + a1[c] * w10 + b0[c] * w01 + b1[c] * w11);                             \
    }
    RVFW_RESIZE_ROWS(p, int8_t, input, rows, 3, BLEND_ROW);
}
