/* SPDX-License-Identifier: Apache-2.0 */
/* Geometry helpers shared by the convolution kernels and the generated code. */
#ifndef RVFW_BAND_H
#define RVFW_BAND_H

#include "rvfw_kernels.h"

/* One step of a tiled stage's schedule (codegen.planner.tiling.Step): member >= 0 computes its
 * output rows [row0, row0 + rows) from src_rows input rows with pad_h padding rows above them, its
 * streamed tensors at buffer rows at[]; member < 0 moves `rows` rows of line buffer -member - 1
 * from its row at[0] to its top. */
typedef struct {
    int16_t member, row0, rows, src_rows, pad_h, at[3];
} rvfw_stage_step;

/* The taps [*k0, *k1) of a k-wide undilated window starting at input index `start` that fall
 * inside [0, size): pooling counts and reads only those. */
static inline void rvfw_window(int32_t start, int32_t k, int32_t size, int32_t *k0, int32_t *k1)
{
    *k0 = start < 0 ? -start : 0;
    *k1 = k < size - start ? k : size - start;
}

/* The taps of a convolution window at corner (y0, x0) that fall inside the input, in the
 * reference kernels' order (rows, then columns): TAP(ky, kx, iy, ix) for each. */
#define RVFW_WINDOW_TAPS(p, y0, x0, TAP)                                                                           \
    for (int32_t ky = 0; ky < (p)->k_h; ++ky) {                                                                   \
        const int32_t iy = (y0) + ky * (p)->dilation_h;                                                           \
        if (iy < 0 || iy >= (p)->in_h)                                                                            \
            continue;                                                                                             \
        for (int32_t kx = 0; kx < (p)->k_w; ++kx) {                                                               \
            const int32_t ix = (x0) + kx * (p)->dilation_w;                                                       \
            if (ix < 0 || ix >= (p)->in_w)                                                                        \
                continue;                                                                                         \
            TAP(ky, kx, iy, ix);                                                                                  \
        }                                                                                                         \
    }

/* The window of pooling output pixel (oy, ox): its top-left input cell (y0, x0), which may lie
 * in the padding, and the taps [ky0, ky1) x [kx0, kx1) inside the input. */
typedef struct {
    int32_t y0, x0, ky0, ky1, kx0, kx1;
} rvfw_pool_window;

static inline rvfw_pool_window rvfw_pool_window_at(const rvfw_pool_params *p, int32_t oy, int32_t ox)
{
    rvfw_pool_window w;
    w.y0 = oy * p->stride_h - p->pad_h;
    w.x0 = ox * p->stride_w - p->pad_w;
    rvfw_window(w.y0, p->k_h, p->in_h, &w.ky0, &w.ky1);
    rvfw_window(w.x0, p->k_w, p->in_w, &w.kx0, &w.kx1);
    return w;
}

/* Every pooling window of every batch (any element type): `body` runs per output pixel with
 * `in_batch` (the batch's input), the window's start y0, x0 and its taps inside the input
 * [ky0, ky1) x [kx0, kx1), then `output` moves on by the pixel's `ch` channels (the body is the
 * variadic argument: a block's commas are the preprocessor's too). */
#define RVFW_POOL_WINDOWS(p, input, output, ch, ...)                                                              \
    for (int32_t b_ = 0; b_ < (p)->batches; ++b_) {                                                               \
        const __typeof__(*(input)) *in_batch = (input) + b_ * (p)->in_h * (p)->in_w * (ch);                       \
        for (int32_t oy_ = 0; oy_ < (p)->out_h; ++oy_)                                                            \
            for (int32_t ox_ = 0; ox_ < (p)->out_w; ++ox_, (output) += (ch)) {                                    \
                const rvfw_pool_window w_ = rvfw_pool_window_at(p, oy_, ox_);                                     \
                const int32_t y0 = w_.y0, x0 = w_.x0, ky0 = w_.ky0, ky1 = w_.ky1, kx0 = w_.kx0, kx1 = w_.kx1;     \
                __VA_ARGS__                                                                                       \
            }                                                                                                     \
    }

/* The taps [*k0, *k1) of a k-tap window with the given dilation, starting at input index
 * `start`, that fall inside [0, size): the padding's taps are skipped, not read. */
static inline void rvfw_dilated_window(int32_t start, int32_t k, int32_t dilation, int32_t size, int32_t *k0,
                                       int32_t *k1)
{
    int32_t lo = 0, hi = k;
    while (lo < k && start + lo * dilation < 0)
        ++lo;
    while (hi > lo && start + (hi - 1) * dilation >= size)
        --hi;
    *k0 = lo;
    *k1 = hi;
}

/* The windowed vector kernels' walk over batches and output rows: the body (variadic) runs with
 * `in_batch`, the row's window start y0 and its kernel rows inside the input [ky0, ky1). */
#define RVFW_WINDOW_ROWS(p, input, ...)                                                                            \
    for (int32_t b_ = 0; b_ < (p)->batches; ++b_) {                                                               \
        const int8_t *in_batch = (input) + b_ * (p)->in_h * (p)->in_w * (p)->in_c;                                \
        for (int32_t oy_ = 0; oy_ < (p)->out_h; ++oy_) {                                                          \
            const int32_t y0 = oy_ * (p)->stride_h - (p)->pad_h;                                                  \
            int32_t ky0, ky1;                                                                                     \
            rvfw_dilated_window(y0, (p)->k_h, (p)->dilation_h, (p)->in_h, &ky0, &ky1);                            \
            __VA_ARGS__                                                                                           \
        }                                                                                                         \
    }
/* ... per output pixel too (the XTheadVector convolutions): x0 and the window's columns inside the
 * input [kx0, kx1), then `output` moves on by out_c (read once: the kernels' inline assembly
 * clobbers memory, so p->out_c would be reloaded every pixel). */
#define RVFW_DILATED_WINDOWS(p, input, output, ...)                                                                \
    do {                                                                                                          \
        const int32_t out_c_ = (p)->out_c;                                                                        \
        RVFW_WINDOW_ROWS(p, input, for (int32_t ox_ = 0; ox_ < (p)->out_w; ++ox_, (output) += out_c_) {           \
            const int32_t x0 = ox_ * (p)->stride_w - (p)->pad_w;                                                  \
            int32_t kx0, kx1;                                                                                     \
            rvfw_dilated_window(x0, (p)->k_w, (p)->dilation_w, (p)->in_w, &kx0, &kx1);                            \
            __VA_ARGS__                                                                                           \
        })                                                                                                        \
    } while (0)
/* ... and `out_row`, the row's first output (the row-wise depthwise kernels). */
#define RVFW_DEPTHWISE_ROWS(p, input, output, ...)                                                                 \
    RVFW_WINDOW_ROWS(p, input, int8_t *out_row = (output) + (b_ * (p)->out_h + oy_) * (p)->out_w * (p)->out_c;     \
                     __VA_ARGS__)

/* Sum of one output channel's weights over the kernel rows outside [ky0, ky1) (rows above or
 * below the input): row kernels with a folded bias add zero_point times it for those rows.
 * w_col is the channel's tap-0 weight; taps are out_c apart (1HWO). */
static inline int32_t rvfw_weights_outside_rows(const int8_t *w_col, int32_t k_h, int32_t k_w, int32_t out_c,
                                                int32_t ky0, int32_t ky1)
{
    int32_t sum = 0;
    for (int32_t ky = 0; ky < k_h; ++ky) {
        if (ky >= ky0 && ky < ky1)
            continue;
        for (int32_t kx = 0; kx < k_w; ++kx)
            sum += w_col[(ky * k_w + kx) * out_c];
    }
    return sum;
}

/* Output columns whose whole window lies inside the input horizontally: [*lo, *hi). Pixels
 * there need no bounds checks; the others touch the left or right padding. */
static inline void rvfw_inside_columns(const rvfw_conv_params *p, int32_t *lo, int32_t *hi)
{
    const int32_t last_start = p->in_w - 1 - (p->k_w - 1) * p->dilation_w + p->pad_w;
    int32_t first = (p->pad_w + p->stride_w - 1) / p->stride_w;
    int32_t end = last_start < 0 ? 0 : last_start / p->stride_w + 1;
    end = end > p->out_w ? p->out_w : end;
    *lo = first > end ? end : first;
    *hi = end;
}

/* The interior of a convolution: the output pixels whose whole window lies inside the input,
 * which the optimised kernels compute without bounds checks; every other pixel (it touches the
 * padding) takes the kernel's exact border path. A row whose window starts at input row y0 is
 * interior when y0 >= 0 && y0 + span_h < in_h. (Kernels copy the fields into locals: compilers
 * keep those in registers across the pixel loop, not always a struct behind a pointer.) */
typedef struct {
    int32_t ox_lo, ox_hi; /* interior columns [ox_lo, ox_hi) */
    int32_t span_h;       /* input rows a window spans below its first one */
} rvfw_interior;

static inline rvfw_interior rvfw_interior_of(const rvfw_conv_params *p)
{
    rvfw_interior in;
    rvfw_inside_columns(p, &in.ox_lo, &in.ox_hi);
    in.span_h = (p->k_h - 1) * p->dilation_h;
    return in;
}

/* How a conv reads one window row: runs_per_row runs of `run` contiguous input bytes (a single
 * run of k_w * in_c without horizontal dilation); neighbouring output pixels are pixel_step bytes
 * apart. */
typedef struct {
    int32_t run, runs_per_row, pixel_step;
} rvfw_conv_runs;

static inline rvfw_conv_runs rvfw_conv_runs_of(const rvfw_conv_params *p)
{
    rvfw_conv_runs r;
    r.run = p->dilation_w == 1 ? p->k_w * p->in_c : p->in_c;
    r.runs_per_row = p->dilation_w == 1 ? 1 : p->k_w;
    r.pixel_step = p->stride_w * p->in_c;
    return r;
}

/* Narrow *p to output row `row` and to the input rows it reads; returns the first of those
 * rows, so the caller offsets the input pointer by it. Rows outside the real input stay
 * outside (the padding), since only rows that exist are cut away. */
static inline int32_t rvfw_conv_band(rvfw_conv_params *p, int32_t row)
{
    const int32_t first = row * p->stride_h - p->pad_h;
    const int32_t last = first + (p->k_h - 1) * p->dilation_h;
    const int32_t top = first > 0 ? first : 0;
    const int32_t bottom = last < p->in_h - 1 ? last : p->in_h - 1;
    p->pad_h = top - first;
    p->in_h = bottom >= top ? bottom - top + 1 : 0;
    p->out_h = 1;
    return top;
}

#endif
