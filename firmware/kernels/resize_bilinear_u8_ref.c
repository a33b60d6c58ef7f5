/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR of a legacy uint8 model (passes.uint8_as_int8 runs its bytes as int8 ones, each
 * 128 less), reference: LiteRT's uint8 resize is its float one (not the int8 kernel's 10-bit
 * fixed point): the four uint8 neighbours blended in single precision in its order with the float
 * weights computed at build time (rvfw_resize_blend_f32), plus 0.5, truncated; then back to the
 * int8 bytes. Measured against LiteRT over align_corners, half_pixel_centers and both neither. */
#include "rvfw_resize.h"

static inline int8_t blend_u8(const int8_t *r0, const int8_t *r1, int32_t c0, int32_t c1, float ly, float dy, float lx,
                              float dx)
{
    const float v = rvfw_resize_blend_f32((float)(r0[c0] + 128), (float)(r1[c0] + 128), (float)(r0[c1] + 128),
                                          (float)(r1[c1] + 128), ly, dy, lx, dx);
    return (int8_t)((int32_t)(v + 0.5f) - 128); /* v in [0, 255]: the conversion truncates */
}

RVFW_KERNEL void rvfw_resize_bilinear_u8_ref(const rvfw_resize_bilinear_params *p, const int8_t *input,
                                             const int32_t *rows, const float *row_w, const int32_t *cols,
                                             const float *col_w, int8_t *output)
{
    RVFW_RESIZE_FLOAT_WEIGHTS(p, int8_t, input, rows, row_w, cols, col_w, output, blend_u8);
}
