/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR, float32: TFLite's float blend of the four neighbours, with the indices and
 * weights ((1 - d, d) per output row and column) computed at build time as its float code
 * computes them; the sum in its order, plus its 0.0f rounding offset. */
#include "rvfw_resize.h"

RVFW_KERNEL void rvfw_resize_bilinear_f32_ref(const rvfw_resize_bilinear_params *p, const float *input, const int32_t *rows,
                                  const float *row_w, const int32_t *cols, const float *col_w, float *output)
{
#define BLEND_ROW                                                                                                 \
    const float ly = row_w[2 * y], dy = row_w[2 * y + 1];                                                         \
    for (int32_t x = 0; x < p->out_w; ++x) {                                                                      \
        const int32_t c0 = cols[2 * x] * p->depth, c1 = cols[2 * x + 1] * p->depth;                              \
        const float lx = col_w[2 * x], dx = col_w[2 * x + 1];                                                     \
        for (int32_t c = 0; c < p->depth; ++c)                                                                    \
            *output++ = rvfw_resize_blend_f32(r0[c0 + c], r1[c0 + c], r0[c1 + c], r1[c1 + c], ly, dy, lx, dx);   \
    }
    RVFW_RESIZE_ROWS(p, float, input, rows, 2, BLEND_ROW);
}
