/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR's parts shared by every kernel set: the walk over output rows and the float
 * blend in TFLite's order. */
#ifndef RVFW_RESIZE_H
#define RVFW_RESIZE_H

#include "rvfw_kernels.h"

/* For each output row y of each batch, ROW with r0 and r1 the two input rows it blends (elements of
 * type T; `rows`: the build-time table, per_row entries per output row, lower and upper row first).
 * ROW writes the row's out_w * depth outputs and moves the kernel's output pointer past them. A
 * tiled stage's call (ops.stage) takes output rows [row0, row0 + out_h) of one batch, its input
 * pointing at input row row_base of the table's rows. */
#define RVFW_RESIZE_ROWS(p, T, input, rows, per_row, ROW)                                                          \
    do {                                                                                                          \
        const int32_t row_elements_ = (p)->in_w * (p)->depth;                                                     \
        for (int32_t b_ = 0; b_ < (p)->batches; ++b_) {                                                           \
            const T *in_ = (input) + b_ * (p)->in_h * row_elements_;                                              \
            for (int32_t y = (p)->row0; y < (p)->row0 + (p)->out_h; ++y) {                                        \
                const T *r0 = in_ + ((rows)[(per_row) * y] - (p)->row_base) * row_elements_;                      \
                const T *r1 = in_ + ((rows)[(per_row) * y + 1] - (p)->row_base) * row_elements_;                  \
                ROW;                                                                                              \
            }                                                                                                     \
        }                                                                                                         \
    } while (0)

/* TFLite's float blend of four neighbours (row weights ly, dy; column weights lx, dx), in its
 * order, plus its 0.0f (which turns -0 into +0). */
static inline float rvfw_resize_blend_f32(float a0, float a1, float b0, float b1, float ly, float dy, float lx,
                                          float dx)
{
    return a0 * ly * lx + a1 * dy * lx + b0 * ly * dx + b1 * dy * dx + 0.0f;
}

/* The float-weight reference kernels' body (float32, and a uint8 model's resize): each output element
 * BLEND(r0, r1, lower, upper, ly, dy, lx, dx) of its two input rows at its lower and upper column's
 * element, with the row weights row_w[2 y], row_w[2 y + 1] and the column ones col_w[2 x], col_w[2 x + 1]. */
#define RVFW_RESIZE_FLOAT_WEIGHTS(p, T, input, rows, row_w, cols, col_w, output, BLEND)                           \
    RVFW_RESIZE_ROWS(p, T, input, rows, 2, RVFW_RESIZE_FLOAT_ROW_(p, row_w, cols, col_w, output, BLEND))
/* (its row: a macro of its own, so that the commas in it are not RVFW_RESIZE_ROWS's arguments) */
#define RVFW_RESIZE_FLOAT_ROW_(p, row_w, cols, col_w, output, BLEND)                                               \
    {                                                                                                             \
        const float ly = (row_w)[2 * y], dy = (row_w)[2 * y + 1];                                                 \
        for (int32_t x = 0; x < (p)->out_w; ++x) {                                                                \
            const int32_t c0 = (cols)[2 * x] * (p)->depth, c1 = (cols)[2 * x + 1] * (p)->depth;                  \
            const float lx = (col_w)[2 * x], dx = (col_w)[2 * x + 1];                                             \
            for (int32_t c = 0; c < (p)->depth; ++c)                                                              \
                *(output)++ = BLEND(r0, r1, c0 + c, c1 + c, ly, dy, lx, dx);                                      \
        }                                                                                                         \
    }

/* The vector kernels' bodies: each output row blended from its two input rows by the kernel's own
 * static blend_row (float32: the rows' weights from row_w; int8: from the rows table's third
 * column), rows of out_w * depth elements. */
#define RVFW_RESIZE_BILINEAR_F32_BODY(p, input, rows, row_w, lane_a, lane_b, lane_w, output)                       \
    do {                                                                                                          \
        const int32_t n_ = (p)->out_w * (p)->depth;                                                               \
        RVFW_RESIZE_ROWS(p, float, input, rows, 2,                                                               \
                         blend_row(r0, r1, row_w[2 * y], row_w[2 * y + 1], lane_a, lane_b, lane_w, n_, output);   \
                         output += n_);                                                                           \
    } while (0)
#define RVFW_RESIZE_BILINEAR_S8_BODY(p, input, rows, lane_a, lane_b, lane_w, output)                              \
    do {                                                                                                          \
        const int32_t n_ = (p)->out_w * (p)->depth;                                                               \
        RVFW_RESIZE_ROWS(p, int8_t, input, rows, 3, blend_row(r0, r1, rows[3 * y + 2], lane_a, lane_b, lane_w, n_, \
                                                             output);                                             \
                         output += n_);                                                                           \
    } while (0)

#endif
