/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR, float32: TFLite's float blend of the four neighbours, with the indices and
 * weights ((1 - d, d) per output row and column) computed at build time as its float code
 * computes them; the sum in its order, plus its 0.0f rounding offset. */
#include "rvfw_resize.h"

RVFW_KERNEL void rvfw_resize_bilinear_f32_ref(const rvfw_resize_bilinear_params *p, const float *input, const int32_t *rows,
                                  const float *row_w, const int32_t *cols, const float *col_w, float *output)
{
#define BLEND_F32(r0, r1, a, b, ly, dy, lx, dx) rvfw_resize_blend_f32(r0[a], r1[a], r0[b], r1[b], ly, dy, lx, dx)
    RVFW_RESIZE_FLOAT_WEIGHTS(p, float, input, rows, row_w, cols, col_w, output, BLEND_F32);
}
