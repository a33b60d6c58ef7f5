/* SPDX-License-Identifier: Apache-2.0 */
/* Window tests and im2col shared by the fast scalar CONV_2D kernels (conv2d_s8_scalar,
 * conv2d_tail_s8_scalar, conv2d_pairs_s8_scalar, conv2d_s8_xcvsimd). */
#ifndef RVFW_CONV_SCALAR_H
#define RVFW_CONV_SCALAR_H

#include "rvfw_kernels.h"

/* A pointwise convolution: 1x1, stride 1, no padding, output the input's size (a matrix product
 * over the input's rows). */
static inline int rvfw_conv_pointwise(const rvfw_conv_params *p)
{
    return p->k_h == 1 && p->k_w == 1 && p->stride_h == 1 && p->stride_w == 1 && p->pad_h == 0 && p->pad_w == 0 &&
           p->out_h == p->in_h && p->out_w == p->in_w;
}

/* Whether a window starting at input column x0 lies inside horizontally and undilated: each of
 * its rows is one contiguous run of k_w * in_c bytes. */
static inline int rvfw_window_rows_contiguous(const rvfw_conv_params *p, int32_t x0)
{
    return p->dilation_w == 1 && x0 >= 0 && x0 + p->k_w <= p->in_w;
}

/* n bytes from src to dst, a word at a time where both and n are word-aligned (im2col's window
 * rows: k_w * in_c bytes of an NHWC row, aligned whenever in_c is a multiple of 4). A kernel for a
 * core that loads a misaligned word in hardware (CV32E40P: two bus transfers, no trap) defines
 * RVFW_MISALIGNED_LOADS before including this header: then src may be anywhere (KWS's first
 * layer, one channel at stride 2, starts half its window rows two bytes into a word). */
#ifndef RVFW_MISALIGNED_LOADS
#define RVFW_MISALIGNED_LOADS 0
#endif
static inline int8_t *rvfw_copy_run_s8(int8_t *dst, const int8_t *src, int32_t n)
{
    const uintptr_t src_bits = RVFW_MISALIGNED_LOADS ? 0 : (uintptr_t)src;
    if ((((uintptr_t)dst | src_bits | (uintptr_t)n) & 3u) == 0) {
        const int32_t *s = (const int32_t *)(const void *)src;
        int32_t *d = (int32_t *)(void *)dst;
        for (int32_t k = 0; k < n / 4; ++k)
            d[k] = s[k];
        return dst + n;
    }
    for (int32_t k = 0; k < n; ++k)
        dst[k] = src[k];
    return dst + n;
}

/* The windows of output pixels [first, first + count) (flattened over batch, row and column) as
 * im2col columns: each window's taps in filter order (row, column, channel), one filter_size
 * run per pixel, taps in the padding set to the input's zero point so that (x + input_offset) is
 * 0 there. Every pixel then multiplies raw values against the folded bias, border or not. The
 * first pixel's position is divided out once (a division costs 37 cycles on a small core), the
 * next ones stepped to. */
static inline void rvfw_im2col_s8(const rvfw_conv_params *p, const int8_t *input, int32_t first, int32_t count, int8_t *col)
{
    const int32_t in_c = p->in_c, in_w = p->in_w, in_h = p->in_h, k_w = p->k_w, run = k_w * in_c;
    const int8_t zero_point = (int8_t)-p->input_offset;
    int32_t ox = first % p->out_w, oy = first / p->out_w % p->out_h, b = first / (p->out_w * p->out_h);
    for (int32_t i = 0; i < count; ++i) {
        const int8_t *in_batch = input + b * in_h * in_w * in_c;
        const int32_t y0 = oy * p->stride_h - p->pad_h, x0 = ox * p->stride_w - p->pad_w;
        const int row_inside = rvfw_window_rows_contiguous(p, x0);
        for (int32_t ky = 0; ky < p->k_h; ++ky) {
            const int32_t y = y0 + ky * p->dilation_h;
            if (y < 0 || y >= in_h) {
                for (int32_t k = 0; k < run; ++k)
                    *col++ = zero_point;
                continue;
            }
            const int8_t *row = in_batch + y * in_w * in_c;
            if (row_inside) { /* the window row is one contiguous run */
                col = rvfw_copy_run_s8(col, row + x0 * in_c, run);
                continue;
            }
            for (int32_t kx = 0; kx < k_w; ++kx) {
                const int32_t xx = x0 + kx * p->dilation_w;
                const int inside = xx >= 0 && xx < in_w;
                for (int32_t c = 0; c < in_c; ++c)
                    *col++ = inside ? row[xx * in_c + c] : zero_point;
            }
        }
        if (++ox == p->out_w) { /* the next pixel: next column, row, batch */
            ox = 0;
            if (++oy == p->out_h) {
                oy = 0;
                ++b;
            }
        }
    }
}

#endif
