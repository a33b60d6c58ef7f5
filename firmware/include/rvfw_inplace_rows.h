/* SPDX-License-Identifier: Apache-2.0 */
/* In-place DEPTHWISE_CONV_2D (depth multiplier 1, the `small` memory mode) one output row at a
 * time, through a kernel set's own out-of-place depthwise kernel, in any element type.
 *
 * Output row g (rows numbered across batches) is computed into a ring of lag + 1 rows of scratch
 * and copied over the tensor `lag` rows later, once no row still to be computed reads the input
 * bytes it lands on. The lag is the smallest that keeps every row's first input row intact when
 * that row is computed (rvfw_depthwise_inplace_lag; one row for a 3x3 stride-1 layer, none for
 * stride 2), so the scratch is (lag + 1) * out_w * channels elements: a sliver of what the tensor
 * needs. Each row runs as a one-row image over the input rows it reads, with the padding rows
 * above it as its own pad_h, so the kernel keeps its fast paths and its border handling.
 *
 * codegen.ops.depthwise_conv2d.scratch_inplace mirrors the scratch size (a unit test compiles
 * rvfw_depthwise_conv2d_inplace_scratch_size and compares). */
#ifndef RVFW_INPLACE_ROWS_H
#define RVFW_INPLACE_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "rvfw_band.h"
#include "rvfw_kernels.h"

/* The first input row output row oy reads (its first kernel row inside the input). */
static inline int32_t rvfw_depthwise_inplace_first_row(const rvfw_conv_params *p, int32_t oy, int32_t *ky0,
                                                       int32_t *ky1)
{
    const int32_t y0 = oy * p->stride_h - p->pad_h;
    rvfw_dilated_window(y0, p->k_h, p->dilation_h, p->in_h, ky0, ky1);
    return y0 + *ky0 * p->dilation_h;
}

/* Output rows held back: before row g is computed, rows [0, g - lag) have been written, and they
 * must end before the first input byte row g reads. */
static inline int32_t rvfw_depthwise_inplace_lag(const rvfw_conv_params *p)
{
    const int64_t out_row = (int64_t)p->out_w * p->out_c, in_row = (int64_t)p->in_w * p->in_c;
    int64_t lag = 0;
    for (int32_t b = 0; b < p->batches && out_row > 0; ++b) {
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            int32_t ky0, ky1;
            const int64_t first = (int64_t)b * p->in_h + rvfw_depthwise_inplace_first_row(p, oy, &ky0, &ky1);
            const int64_t need = (int64_t)b * p->out_h + oy - first * in_row / out_row;
            lag = need > lag ? need : lag;
        }
    }
    return (int32_t)lag;
}

/* In elements: bytes for int8; times the element size for int16 and float32. */
static inline int32_t rvfw_depthwise_conv2d_inplace_scratch_size(const rvfw_conv_params *p)
{
    return (rvfw_depthwise_inplace_lag(p) + 1) * p->out_w * p->out_c;
}

/* What a set's row kernel needs beside the rows (biases as that set's depthwise kernel takes them). */
typedef struct {
    const int8_t *filter;
    const int32_t *bias_folded, *bias, *output_multiplier;
    const void *output_shift; /* int8_t for the fast scalar kernels, int32_t for the others */
    const int16_t *tap_sums;  /* the fast scalar and RVV kernels', in place of the raw bias */
} rvfw_depthwise_row_args;

/* kernel(row params, its input rows, its output row, ctx); copy(dst, src, bytes). */
typedef void (*rvfw_depthwise_row_kernel)(const rvfw_conv_params *row, const int8_t *input, int8_t *output,
                                          const void *ctx);
typedef void (*rvfw_row_copy)(int8_t *dst, const int8_t *src, int32_t bytes);

/* data and scratch as bytes: elem_size bytes an element (1 int8, 2 int16, 4 float32); the row
 * kernel gets byte pointers to rows of its own element type. */
static inline void rvfw_depthwise_inplace_rows(const rvfw_conv_params *p, int8_t *data, int8_t *scratch,
                                               int32_t elem_size, rvfw_depthwise_row_kernel kernel, const void *ctx,
                                               rvfw_row_copy copy)
{
    const int32_t lag = rvfw_depthwise_inplace_lag(p), rows = p->batches * p->out_h;
    const ptrdiff_t out_row = (ptrdiff_t)p->out_w * p->out_c * elem_size;
    const ptrdiff_t in_row = (ptrdiff_t)p->in_w * p->in_c * elem_size;
    rvfw_conv_params row = *p;
    row.batches = 1;
    row.out_h = 1;
    for (int32_t g = 0; g < rows + lag; ++g) {
        if (g < rows) {
            const int32_t b = g / p->out_h, oy = g % p->out_h;
            int32_t ky0, ky1;
            const int32_t first = rvfw_depthwise_inplace_first_row(p, oy, &ky0, &ky1);
            /* The rows it reads, from `first`; the kernel rows above them are its padding. */
            row.pad_h = ky0 * p->dilation_h;
            row.in_h = ky1 > ky0 ? (ky1 - 1 - ky0) * p->dilation_h + 1 : 1;
            kernel(&row, data + ((ptrdiff_t)b * p->in_h + first) * in_row, scratch + (g % (lag + 1)) * out_row, ctx);
        }
        if (g >= lag)
            copy(data + (ptrdiff_t)(g - lag) * out_row, scratch + ((g - lag) % (lag + 1)) * out_row, (int32_t)out_row);
    }
}

/* Word copies where both ends and the length allow (picolibc's memcpy goes byte by byte). */
static inline void rvfw_copy_words_s8(int8_t *dst, const int8_t *src, int32_t bytes)
{
    if ((((uintptr_t)dst | (uintptr_t)src | (uintptr_t)bytes) & 3) == 0) {
        int32_t *d = (int32_t *)(void *)dst;
        const int32_t *s = (const int32_t *)(const void *)src;
        for (int32_t i = 0; i < bytes / 4; ++i)
            d[i] = s[i];
        return;
    }
    for (int32_t i = 0; i < bytes; ++i)
        dst[i] = src[i];
}

#endif
