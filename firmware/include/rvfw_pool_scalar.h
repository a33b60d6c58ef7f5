/* SPDX-License-Identifier: Apache-2.0 */
/* The fast scalar pooling loop: the reference's arithmetic (rvfw_pool_ref.h), cell by cell in the
 * reference's order, for four channels at a time: for each output pixel the window's bounds are
 * found once, and four accumulators stay in registers while the window's cells are read (four
 * neighbouring bytes each), where the reference walks the window once per channel with an index
 * computation per cell. The channels past a multiple of four run one at a time. */
#ifndef RVFW_POOL_SCALAR_H
#define RVFW_POOL_SCALAR_H

#include "rvfw_pool_ref.h"


#define RVFW_POOL_SCALAR(T, p, input, output, START, CELL, FINISH)                                                 \
    RVFW_POOL_SCALAR_T(T, int32_t, p, input, output, START, CELL, FINISH, RVFW_POOL_CLAMP)
#define RVFW_POOL_CLAMP(p, acc) rvfw_clamp(acc, (p)->output_activation_min, (p)->output_activation_max)

/* The same with accumulators of type ACC (float32 pooling: float), each stored as STORE(p, acc). */
#define RVFW_POOL_SCALAR_T(T, ACC, p, input, output, START, CELL, FINISH, STORE)                                   \
    do {                                                                                                          \
        T *out_ = (output);                                                                                       \
        RVFW_POOL_PIXELS(T, p, input, RVFW_POOL_SCALAR_PIXEL(T, ACC, p, START, CELL, FINISH, STORE));              \
    } while (0)
#define RVFW_POOL_SCALAR_PIXEL(T, ACC, p, START, CELL, FINISH, STORE)                                              \
    do {                                                                                                          \
        const int32_t channels_ = (p)->channels, row_ = (p)->in_w * channels_;                                    \
        const T *first_ = in_batch + ((y0 + ky_start) * (p)->in_w + x0 + kx_start) * channels_;                  \
        const int32_t rows_ = ky_end - ky_start, cols_ = kx_end - kx_start;                                       \
        int32_t c = 0;                                                                                            \
        for (; c + 4 <= channels_; c += 4) {                                                                      \
            ACC a0_ = (START), a1_ = (START), a2_ = (START), a3_ = (START);                                       \
            const T *line_ = first_ + c;                                                                          \
            for (int32_t ky = 0; ky < rows_; ++ky, line_ += row_) {                                              \
                const T *cell_ = line_;                                                                           \
                for (int32_t kx = 0; kx < cols_; ++kx, cell_ += channels_) {                                     \
                    const ACC v0_ = cell_[0], v1_ = cell_[1], v2_ = cell_[2], v3_ = cell_[3];                     \
                    CELL(a0_, v0_);                                                                               \
                    CELL(a1_, v1_);                                                                               \
                    CELL(a2_, v2_);                                                                               \
                    CELL(a3_, v3_);                                                                               \
                }                                                                                                 \
            }                                                                                                     \
            FINISH(a0_, count);                                                                                   \
            FINISH(a1_, count);                                                                                   \
            FINISH(a2_, count);                                                                                   \
            FINISH(a3_, count);                                                                                   \
            out_[c] = (T)STORE(p, a0_);                                                                           \
            out_[c + 1] = (T)STORE(p, a1_);                                                                       \
            out_[c + 2] = (T)STORE(p, a2_);                                                                       \
            out_[c + 3] = (T)STORE(p, a3_);                                                                       \
        }                                                                                                         \
        for (; c < channels_; ++c) {                                                                              \
            ACC acc = (START);                                                                                    \
            const T *line_ = first_ + c;                                                                          \
            for (int32_t ky = 0; ky < rows_; ++ky, line_ += row_)                                                 \
                for (int32_t kx = 0; kx < cols_; ++kx) {                                                          \
                    const ACC v = line_[kx * channels_];                                                          \
                    CELL(acc, v);                                                                                 \
                }                                                                                                 \
            FINISH(acc, count);                                                                                   \
            out_[c] = (T)STORE(p, acc);                                                                           \
        }                                                                                                         \
        out_ += channels_;                                                                                        \
    } while (0)

#endif
