/* Geometry helpers shared by the convolution kernels and the generated code. */
#ifndef RVFW_BAND_H
#define RVFW_BAND_H

#include "rvfw_kernels.h"

/* One member layer's rows in one band of a tiled stage (codegen.ops.common.BandRows): its output
 * rows [out_row0, out_row0 + out_rows), computed from src_rows input rows from src_row0, with
 * pad_h padding rows above them. */
typedef struct {
    int16_t out_row0, out_rows, src_row0, src_rows, pad_h;
} rvfw_band_rows;

/* The taps [*k0, *k1) of a k-wide undilated window starting at input index `start` that fall
 * inside [0, size): pooling counts and reads only those. */
static inline void rvfw_window(int32_t start, int32_t k, int32_t size, int32_t *k0, int32_t *k1)
{
    *k0 = start < 0 ? -start : 0;
    *k1 = k < size - start ? k : size - start;
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
