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
