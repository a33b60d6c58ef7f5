/* SPDX-License-Identifier: Apache-2.0 */
/* The filter taps of one output pixel that fall inside the image, in TFLite Micro's order
 * (filter row, then column), skipping the others as its float and 16x8 convolutions do (their
 * padding value is 0). The body (the variadic argument, so that its commas are its own) sees
 * ky, kx, iy, ix. */
#ifndef RVFW_TAPS_H
#define RVFW_TAPS_H

#include <stdint.h>

#define RVFW_FOR_INSIDE_TAPS(p, oy, ox, ...)                                                                       \
    for (int32_t ky = 0; ky < (p)->k_h; ++ky) {                                                                   \
        const int32_t iy = (oy) * (p)->stride_h - (p)->pad_h + ky * (p)->dilation_h;                              \
        if (iy < 0 || iy >= (p)->in_h)                                                                            \
            continue;                                                                                             \
        for (int32_t kx = 0; kx < (p)->k_w; ++kx) {                                                               \
            const int32_t ix = (ox) * (p)->stride_w - (p)->pad_w + kx * (p)->dilation_w;                          \
            if (ix < 0 || ix >= (p)->in_w)                                                                        \
                continue;                                                                                         \
            __VA_ARGS__                                                                                           \
        }                                                                                                         \
    }

/* The filter taps along one axis that fall inside the image, as a range [first, end) and the
 * input coordinate of the first (at): tap k reads input base + k * dilation (base = out * stride -
 * pad), inside iff in [0, size). Kernels that walk the range with pointer steps skip the per-tap
 * bounds checks of the macro above; the taps and their order are the same. */
typedef struct {
    int32_t first, end, at;
} rvfw_taps;

static inline rvfw_taps rvfw_inside_taps(int32_t out, int32_t stride, int32_t pad, int32_t dilation, int32_t size,
                                         int32_t taps)
{
    const int32_t base = out * stride - pad;
    const int32_t first = base >= 0 ? 0 : (-base + dilation - 1) / dilation;
    const int32_t room = size - base;
    int32_t end = room <= 0 ? 0 : (room + dilation - 1) / dilation;
    end = end < taps ? end : taps;
    return (rvfw_taps){first, end, base + first * dilation};
}

/* The output columns whose whole window lies inside the image, [lo, hi) (lo >= hi: none): the
 * columns a kernel may run with output pixels across lanes, every lane taking the same taps. */
typedef struct {
    int32_t lo, hi;
} rvfw_columns;

static inline rvfw_columns rvfw_inside_columns(int32_t out_w, int32_t stride, int32_t pad, int32_t dilation,
                                               int32_t in_w, int32_t k_w)
{
    const int32_t lo = (pad + stride - 1) / stride;
    const int32_t last = in_w - 1 - (k_w - 1) * dilation + pad;
    int32_t hi = last < 0 ? 0 : last / stride + 1;
    hi = hi < out_w ? hi : out_w;
    return (rvfw_columns){lo, hi > lo ? hi : lo};
}

/* Whether output pixels across lanes pay (the convolution kernels' choice of layout, per layer):
 * a pass over the inside columns fills min(columns, pixel_lanes) lanes at pixel_cost instructions
 * a tap for each group of `group` output channels, against channel strips of channel_lanes lanes
 * at channel_cost a tap per pixel. */
static inline int rvfw_pixel_lanes_pay(rvfw_columns c, int32_t out_c, int32_t pixel_lanes, int32_t channel_lanes,
                                       int32_t group, int32_t pixel_cost, int32_t channel_cost)
{
    const int32_t inside = c.hi - c.lo;
    const int32_t filled = inside < pixel_lanes ? inside : pixel_lanes;
    const int32_t groups = (out_c + group - 1) / group, strips = (out_c + channel_lanes - 1) / channel_lanes;
    return filled > 0 && groups * pixel_cost < strips * channel_cost * filled;
}

/* A convolution's taps for the vector kernels' two layouts (float32 and 16x8): weights
 * [k_h][k_w][in_c][out_c] from output channel oc on. The body (variadic) runs per row, column and
 * input channel with `x` at the column's input pixel, `ic`, and `w` at that tap's weight for oc.
 * (RVFW_CONV_WINDOW_ walks the tap positions, RVFW_CONV_TAPS_ their input channels too.)
 * RVFW_CONV_PIXEL_TAPS walks every column of rows ry from x_block (output pixels across lanes:
 * windows inside the image horizontally); RVFW_CONV_CHANNEL_TAPS rows ry and columns rx from
 * x_first (one pixel, output channels across lanes). */
#define RVFW_CONV_WINDOW_(p, ry, first_col, end_col, x_start, weights, oc, ...)                                    \
    do {                                                                                                          \
        const ptrdiff_t x_col_ = (ptrdiff_t)(p)->dilation_w * (p)->in_c;                                          \
        const ptrdiff_t x_row_ = (ptrdiff_t)(p)->dilation_h * (p)->in_w * (p)->in_c;                              \
        const ptrdiff_t w_tap_ = (ptrdiff_t)(p)->in_c * (p)->out_c;                                               \
        const __typeof__(*(x_start)) *x_r_ = (x_start);                                                           \
        const __typeof__(*(weights)) *w_r_ = (weights) + ((ry).first * (p)->k_w + (first_col)) * w_tap_ + (oc);   \
        for (int32_t ky_ = (ry).first; ky_ < (ry).end; ++ky_, x_r_ += x_row_, w_r_ += (p)->k_w * w_tap_) {        \
            const __typeof__(*(x_start)) *x = x_r_;                                                               \
            const __typeof__(*(weights)) *w_col_ = w_r_;                                                          \
            for (int32_t kx_ = (first_col); kx_ < (end_col); ++kx_, x += x_col_, w_col_ += w_tap_) {              \
                __VA_ARGS__                                                                                       \
            }                                                                                                     \
        }                                                                                                         \
    } while (0)
/* per tap position (row, column): `x` at the column's input pixel, `w_col_` at its weights for oc */
#define RVFW_CONV_TAPS_(p, ry, first_col, end_col, x_start, weights, oc, ...)                                      \
    RVFW_CONV_WINDOW_(p, ry, first_col, end_col, x_start, weights, oc, {                                          \
        const __typeof__(*(weights)) *w = w_col_;                                                                 \
        for (int32_t ic = 0; ic < (p)->in_c; ++ic, w += (p)->out_c) {                                             \
            __VA_ARGS__                                                                                           \
        }                                                                                                         \
    })
#define RVFW_CONV_PIXEL_TAPS(p, ry, x_block, weights, oc, ...)                                                     \
    RVFW_CONV_TAPS_(p, ry, 0, (p)->k_w, x_block, weights, oc, __VA_ARGS__)
#define RVFW_CONV_CHANNEL_TAPS(p, ry, rx, x_first, weights, oc, ...)                                               \
    RVFW_CONV_TAPS_(p, ry, (rx).first, (rx).end, x_first, weights, oc, __VA_ARGS__)
/* ... the same pixel per tap position only (a kernel that sums the in_c taps itself): `x` and
 * `w` (the position's [in_c][out_c] weights from oc). */
#define RVFW_CONV_CHANNEL_POSITIONS(p, ry, rx, x_first, weights, oc, ...)                                          \
    RVFW_CONV_WINDOW_(p, ry, (rx).first, (rx).end, x_first, weights, oc, {                                        \
        const __typeof__(*(weights)) *w = w_col_;                                                                 \
        __VA_ARGS__                                                                                               \
    })

/* `count` output pixels of a row across lanes, from x_lo (the first pixel's first tap) and out_lo
 * (its first output), in blocks of the lanes SETVL(n) gives: the body (variadic) runs with vl,
 * x_block (the block's first pixel's input) and out (its first output). */
#define RVFW_PIXEL_BLOCKS(p, x_lo, out_lo, count, SETVL, ...)                                                      \
    for (int32_t done_ = 0; done_ < (count);) {                                                                   \
        const size_t vl = SETVL((size_t)((count) - done_));                                                       \
        const __typeof__(*(x_lo)) *x_block = (x_lo) + (ptrdiff_t)done_ * (p)->stride_w * (p)->in_c;               \
        __typeof__(*(out_lo)) *out = (out_lo) + (ptrdiff_t)done_ * (p)->out_c;                                    \
        __VA_ARGS__                                                                                               \
        done_ += (int32_t)vl;                                                                                     \
    }

/* The vector convolutions' rows: per batch and output row (taps ry), the columns whose window lies
 * inside the image [cols.lo, cols.hi) by PIXELS(x, out, count, ry) where `pixels` says output
 * pixels across lanes pay, every other column by CHANNELS(x, out, ry, rx); x the first inside
 * tap's input, out the first output. */
#define RVFW_CONV_ROWS(p, input, output, cols, pixels, PIXELS, CHANNELS)                                           \
    for (int32_t b_ = 0; b_ < (p)->batches; ++b_)                                                                 \
        for (int32_t oy_ = 0; oy_ < (p)->out_h; ++oy_) {                                                          \
            const rvfw_taps ry_ = rvfw_inside_taps(oy_, (p)->stride_h, (p)->pad_h, (p)->dilation_h, (p)->in_h,    \
                                                   (p)->k_h);                                                     \
            const __typeof__(*(input)) *in_row_ = (input) + (ptrdiff_t)(b_ * (p)->in_h + ry_.at) * (p)->in_w * (p)->in_c; \
            __typeof__(*(output)) *out_row_ = (output) + (ptrdiff_t)(b_ * (p)->out_h + oy_) * (p)->out_w * (p)->out_c; \
            if (pixels)                                                                                           \
                PIXELS(in_row_ + (ptrdiff_t)((cols).lo * (p)->stride_w - (p)->pad_w) * (p)->in_c,                  \
                       out_row_ + (ptrdiff_t)(cols).lo * (p)->out_c, (cols).hi - (cols).lo, ry_);                 \
            for (int32_t ox_ = 0; ox_ < (p)->out_w; ++ox_) {                                                      \
                if ((pixels) && ox_ == (cols).lo) {                                                               \
                    ox_ = (cols).hi - 1;                                                                          \
                    continue;                                                                                     \
                }                                                                                                 \
                const rvfw_taps rx_ = rvfw_inside_taps(ox_, (p)->stride_w, (p)->pad_w, (p)->dilation_w,           \
                                                       (p)->in_w, (p)->k_w);                                      \
                CHANNELS(in_row_ + (ptrdiff_t)rx_.at * (p)->in_c, out_row_ + (ptrdiff_t)ox_ * (p)->out_c, ry_,    \
                         rx_);                                                                                    \
            }                                                                                                     \
        }

/* rvfw_pixel_lanes_pay for a layer: its columns whose window lies inside the image into *cols. */
static inline int rvfw_conv_pixels_pay(const rvfw_conv_params *p, rvfw_columns *cols, int32_t pixel_lanes,
                                       int32_t channel_lanes, int32_t group, int32_t pixel_cost, int32_t channel_cost)
{
    *cols = rvfw_inside_columns(p->out_w, p->stride_w, p->pad_w, p->dilation_w, p->in_w, p->k_w);
    return rvfw_pixel_lanes_pay(*cols, p->out_c, pixel_lanes, channel_lanes, group, pixel_cost, channel_cost);
}

/* Every output pixel of a depthwise layer (channels across lanes), its taps inside the image as
 * ranges: the body (variadic) runs with ry and rx, `out` (the pixel's first output) and `x_first`
 * (the first inside tap's input, channel 0). */
#define RVFW_TAPS_PIXELS(p, T, input, output, ...)                                                                 \
    for (int32_t b_ = 0; b_ < (p)->batches; ++b_)                                                                 \
        for (int32_t oy_ = 0; oy_ < (p)->out_h; ++oy_) {                                                          \
            const rvfw_taps ry = rvfw_inside_taps(oy_, (p)->stride_h, (p)->pad_h, (p)->dilation_h, (p)->in_h,     \
                                                  (p)->k_h);                                                      \
            for (int32_t ox_ = 0; ox_ < (p)->out_w; ++ox_) {                                                      \
                const rvfw_taps rx = rvfw_inside_taps(ox_, (p)->stride_w, (p)->pad_w, (p)->dilation_w,            \
                                                      (p)->in_w, (p)->k_w);                                       \
                T *out = (output) + ((b_ * (p)->out_h + oy_) * (p)->out_w + ox_) * (p)->out_c;                    \
                const T *x_first = (input) + ((ptrdiff_t)(b_ * (p)->in_h + ry.at) * (p)->in_w + rx.at) * (p)->in_c; \
                __VA_ARGS__                                                                                       \
            }                                                                                                     \
        }

/* The depthwise window's taps inside the image, rows then columns, for channels c0 on: the body
 * (variadic) runs with `x` and `w` at the tap (input: x_row and x_col elements apart;
 * weights [k_h][k_w][out_c]). */
#define RVFW_TAPS_DEPTHWISE(p, ry, rx, x_first, filter, c0, x_row, x_col, ...)                                     \
    do {                                                                                                          \
        const __typeof__(*(x_first)) *x_row_ = (x_first) + (c0);                                                  \
        const int8_t *w_row_ = (filter) + ((ry).first * (p)->k_w + (rx).first) * (p)->out_c + (c0);               \
        for (int32_t ky_ = (ry).first; ky_ < (ry).end; ++ky_, x_row_ += (x_row), w_row_ += (p)->k_w * (p)->out_c) { \
            const __typeof__(*(x_first)) *x = x_row_;                                                             \
            const int8_t *w = w_row_;                                                                             \
            for (int32_t kx_ = (rx).first; kx_ < (rx).end; ++kx_, x += (x_col), w += (p)->out_c) {                \
                __VA_ARGS__                                                                                       \
            }                                                                                                     \
        }                                                                                                         \
    } while (0)

#endif
