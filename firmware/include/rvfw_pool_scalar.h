/* SPDX-License-Identifier: Apache-2.0 */
/* The fast scalar pooling loop: the reference's arithmetic (rvfw_pool_ref.h) with the channels
 * innermost. For each output pixel the window's bounds are found once; then, for up to
 * RVFW_POOL_CHUNK channels at a time, each window cell's contiguous run of channels updates that
 * many accumulators, where the reference walks the window once per channel (an index computation
 * per cell and channel). */
#ifndef RVFW_POOL_SCALAR_H
#define RVFW_POOL_SCALAR_H

#include "rvfw_pool_ref.h"

#define RVFW_POOL_CHUNK 64

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
        const int32_t channels_ = (p)->channels;                                                                  \
        for (int32_t c0 = 0; c0 < channels_; c0 += RVFW_POOL_CHUNK) {                                             \
            const int32_t n_ = channels_ - c0 < RVFW_POOL_CHUNK ? channels_ - c0 : RVFW_POOL_CHUNK;               \
            ACC acc_[RVFW_POOL_CHUNK];                                                                            \
            for (int32_t c = 0; c < n_; ++c)                                                                      \
                acc_[c] = (START);                                                                                \
            for (int32_t ky = ky_start; ky < ky_end; ++ky)                                                        \
                for (int32_t kx = kx_start; kx < kx_end; ++kx) {                                                  \
                    const T *cell_ = in_batch + ((y0 + ky) * (p)->in_w + x0 + kx) * channels_ + c0;               \
                    for (int32_t c = 0; c < n_; ++c) {                                                            \
                        const ACC v = cell_[c];                                                                   \
                        CELL(acc_[c], v);                                                                         \
                    }                                                                                             \
                }                                                                                                 \
            for (int32_t c = 0; c < n_; ++c) {                                                                    \
                ACC acc = acc_[c];                                                                                \
                FINISH(acc, count);                                                                               \
                out_[c0 + c] = (T)STORE(p, acc);                                                                  \
            }                                                                                                     \
        }                                                                                                         \
        out_ += channels_;                                                                                        \
    } while (0)

#endif
