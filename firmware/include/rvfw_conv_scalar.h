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

/* Without column scratch from the plan: the im2col columns (col_bytes) in the tail of the output,
 * *col set there; returns how many pixels' outputs end before it (they run on columns; the rest
 * are summed in place, since their outputs overwrite the columns). */
static inline int32_t rvfw_tail_columns(int8_t *output, int32_t pixels, int32_t out_c, int32_t col_bytes, int8_t **col)
{
    const int32_t free_bytes = pixels * out_c - col_bytes;
    *col = output + (free_bytes > 0 ? free_bytes : 0);
    return free_bytes > 0 ? free_bytes / out_c : 0;
}

/* n zero points from dst on, returning the end: a window's border is a few bytes, and GCC would
 * make this loop a memset call (its call and setup cost more than the stores); the empty asm
 * hides the pattern and emits nothing. */
static inline int8_t *rvfw_fill_s8(int8_t *dst, int8_t value, int32_t n)
{
    for (int32_t k = 0; k < n; ++k) {
        __asm__("" : "+r"(dst));
        *dst++ = value;
    }
    return dst;
}

/* A window row of four bytes (k_w * in_c == 4) starting `first` bytes into an input row of
 * row_len >= 4 bytes, as one word: the row's bytes, the zero point (zp4: it in every byte) where
 * the window overhangs either end. One word load, always inside the row (misaligned: only for a
 * core that loads those in hardware). */
static inline uint32_t rvfw_window_row_word(const int8_t *row, int32_t first, int32_t row_len, uint32_t zp4)
{
    if (first >= 0 && first + 4 <= row_len)
        return *(const uint32_t *)(const void *)(row + first);
    if (first <= -4 || first >= row_len)
        return zp4;
    if (first < 0) { /* row[0..] moves up by the overhang; zero points below */
        const int32_t bits = -first * 8;
        return (*(const uint32_t *)(const void *)row << bits) | (zp4 >> (32 - bits));
    }
    const int32_t bits = (first + 4 - row_len) * 8; /* the row's last bytes move down; zero points above */
    return (*(const uint32_t *)(const void *)(row + row_len - 4) >> bits) | (zp4 << (32 - bits));
}

/* The windows of output pixels [first, first + count) (flattened over batch, row and column) as
 * im2col columns: each window's taps in filter order (row, column, channel), one filter_size
 * run per pixel, taps in the padding set to the input's zero point so that (x + input_offset) is
 * 0 there. Every pixel then multiplies raw values against the folded bias, border or not. The
 * first pixel's position is divided out once (a division costs 37 cycles on a small core), the
 * next ones stepped to. Columns start row_bytes apart (>= the filter size; the bytes between are
 * zero points: the CORE-V kernel's rows are whole words, their last taps' weights zero). */
static inline void rvfw_im2col_s8(const rvfw_conv_params *p, const int8_t *input, int32_t first, int32_t count, int8_t *col,
                                  int32_t row_bytes)
{
    /* every parameter read once: a byte stored through col may alias *p, so a field read in the
     * loops would be loaded again after each store */
    const int32_t in_c = p->in_c, in_w = p->in_w, in_h = p->in_h, k_w = p->k_w, k_h = p->k_h, run = k_w * in_c;
    const int32_t out_w = p->out_w, out_h = p->out_h, stride_h = p->stride_h, stride_w = p->stride_w;
    const int32_t pad_h = p->pad_h, pad_w = p->pad_w, dilation_h = p->dilation_h, dilation_w = p->dilation_w;
    const int8_t zero_point = (int8_t)-p->input_offset;
    const int32_t row_step = dilation_h * in_w * in_c;
    int32_t ox = first % out_w, oy = first / out_w % out_h, b = first / (out_w * out_h);
    if (RVFW_MISALIGNED_LOADS && run == 4 && dilation_w == 1 && in_w * in_c >= 4 && !(row_bytes & 3) &&
        !((uintptr_t)col & 3)) {
        /* window rows of one word each (KWS's first layer: 10x4 over one channel): a word load, or
         * a shift with zero points where the row overhangs, instead of byte runs (measured on
         * CV32E40P: 549 cycles a pixel for the byte runs) */
        const uint32_t zp4 = (uint8_t)zero_point * 0x01010101u;
        const int32_t row_len = in_w * in_c;
        for (int32_t i = 0; i < count; ++i, col += row_bytes) {
            const int8_t *in_batch = input + b * in_h * row_len;
            const int32_t y0 = oy * stride_h - pad_h, x0 = (ox * stride_w - pad_w) * in_c;
            uint32_t *words = (uint32_t *)(void *)col;
            for (int32_t ky = 0; ky < k_h; ++ky) {
                const int32_t y = y0 + ky * dilation_h;
                words[ky] = y < 0 || y >= in_h ? zp4 : rvfw_window_row_word(in_batch + y * row_len, x0, row_len, zp4);
            }
            for (int32_t k = k_h; k < row_bytes / 4; ++k) /* a padded row's last words */
                words[k] = zp4;
            if (++ox == out_w) {
                ox = 0;
                if (++oy == out_h) {
                    oy = 0;
                    ++b;
                }
            }
        }
        return;
    }
    for (int32_t i = 0; i < count; ++i) {
        int32_t ky_done = 0;
        const int8_t *in_batch = input + b * in_h * in_w * in_c;
        const int32_t y0 = oy * stride_h - pad_h, x0 = ox * stride_w - pad_w;
        const int row_inside = dilation_w == 1 && x0 >= 0 && x0 + k_w <= in_w; /* rvfw_window_rows_contiguous */
        if (row_inside && y0 >= 0 && y0 + (k_h - 1) * dilation_h < in_h) { /* the window inside: k_h runs */
            const int8_t *src = in_batch + (y0 * in_w + x0) * in_c;
            for (int32_t ky = 0; ky < k_h; ++ky, src += row_step)
                col = rvfw_copy_run_s8(col, src, run);
            ky_done = k_h;
        }
        for (int32_t ky = ky_done; ky < k_h; ++ky) {
            const int32_t y = y0 + ky * dilation_h;
            if (y < 0 || y >= in_h) {
                col = rvfw_fill_s8(col, zero_point, run);
                continue;
            }
            const int8_t *row = in_batch + y * in_w * in_c;
            if (row_inside) { /* the window row is one contiguous run */
                col = rvfw_copy_run_s8(col, row + x0 * in_c, run);
                continue;
            }
            if (dilation_w == 1) { /* a row across the border: zero points, the run inside, zero points */
                const int32_t xa = x0 < 0 ? 0 : x0, xb = x0 + k_w < in_w ? x0 + k_w : in_w;
                /* a padding wider than the window (a PAD folded in) puts whole rows left of the
                 * input: the zero points then fill the row, never more */
                const int32_t left = (xa - x0 < k_w ? xa - x0 : k_w) * in_c, inside = xb > xa ? (xb - xa) * in_c : 0;
                col = rvfw_fill_s8(col, zero_point, left);
                col = rvfw_copy_run_s8(col, row + xa * in_c, inside);
                col = rvfw_fill_s8(col, zero_point, run - left - inside);
                continue;
            }
            for (int32_t kx = 0; kx < k_w; ++kx) {
                const int32_t xx = x0 + kx * dilation_w;
                const int inside = xx >= 0 && xx < in_w;
                for (int32_t c = 0; c < in_c; ++c)
                    *col++ = inside ? row[xx * in_c + c] : zero_point;
            }
        }
        col = rvfw_fill_s8(col, zero_point, row_bytes - k_h * run); /* a padded row's last bytes */
        if (++ox == out_w) { /* the next pixel: next column, row, batch */
            ox = 0;
            if (++oy == out_h) {
                oy = 0;
                ++b;
            }
        }
    }
}

#endif
