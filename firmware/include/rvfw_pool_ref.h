/* SPDX-License-Identifier: Apache-2.0 */
/* The reference pooling loops, for every integer dtype (the kernels differ only in the element
 * type T and its lowest value): for each output cell, the window's cells inside the input
 * (padding cells are left out, also of the average's count), clamped to the activation range. */
#ifndef RVFW_POOL_REF_H
#define RVFW_POOL_REF_H

#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

/* The output pixels in order: the statement PIXEL for each, with in_batch (type T), y0, x0 (the window's
 * corner), its cells inside the input ky_start..ky_end by kx_start..kx_end, and their count. */
#define RVFW_POOL_PIXELS(T, p, input, PIXEL)                                                                       \
    do {                                                                                                          \
        for (int32_t b = 0; b < (p)->batches; ++b) {                                                              \
            const T *in_batch = (input) + b * (p)->in_h * (p)->in_w * (p)->channels;                              \
            for (int32_t oy = 0; oy < (p)->out_h; ++oy) {                                                         \
                const int32_t y0 = oy * (p)->stride_h - (p)->pad_h;                                               \
                int32_t ky_start, ky_end;                                                                         \
                rvfw_window(y0, (p)->k_h, (p)->in_h, &ky_start, &ky_end);                                         \
                for (int32_t ox = 0; ox < (p)->out_w; ++ox) {                                                     \
                    const int32_t x0 = ox * (p)->stride_w - (p)->pad_w;                                           \
                    int32_t kx_start, kx_end;                                                                     \
                    rvfw_window(x0, (p)->k_w, (p)->in_w, &kx_start, &kx_end);                                     \
                    const int32_t count = (ky_end - ky_start) * (kx_end - kx_start);                              \
                    (void)count;                                                                                  \
                    PIXEL;                                                                                        \
                }                                                                                                 \
            }                                                                                                     \
        }                                                                                                         \
    } while (0)

/* Runs CELL(acc, v) over every cell v of each output's window, from START, then FINISH(acc, count),
 * and stores the clamped result. */
#define RVFW_POOL_REF(T, p, input, output, START, CELL, FINISH)                                                    \
    RVFW_POOL_PIXELS(T, p, input, RVFW_POOL_REF_PIXEL(T, p, output, START, CELL, FINISH))
#define RVFW_POOL_REF_PIXEL(T, p, output, START, CELL, FINISH)                                                     \
    for (int32_t c = 0; c < (p)->channels; ++c) {                                                                 \
        int32_t acc = (START);                                                                                    \
        for (int32_t ky = ky_start; ky < ky_end; ++ky)                                                            \
            for (int32_t kx = kx_start; kx < kx_end; ++kx) {                                                      \
                const int32_t v = in_batch[((y0 + ky) * (p)->in_w + x0 + kx) * (p)->channels + c];               \
                CELL(acc, v);                                                                                     \
            }                                                                                                     \
        FINISH(acc, count);                                                                                       \
        *(output)++ = (T)rvfw_clamp(acc, (p)->output_activation_min, (p)->output_activation_max);                 \
    }

#define RVFW_POOL_SUM(acc, v) ((acc) += (v))
#define RVFW_POOL_MAX(acc, v) ((acc) = (v) > (acc) ? (v) : (acc))
/* The average, rounding half away from zero as the reference does. */
#define RVFW_POOL_AVERAGE(acc, count) ((acc) = (acc) > 0 ? ((acc) + (count) / 2) / (count) : ((acc) - (count) / 2) / (count))
#define RVFW_POOL_KEEP(acc, count) ((void)0)

#endif
