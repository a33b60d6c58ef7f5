/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN / SUM, int8 or int16, fast scalar: the reference's sum (int32, less the zero point times the
 * count) and requantisation, with the innermost kept axis innermost in the loop where it is
 * contiguous: up to 64 sums at a time, each reduced position adding a contiguous run of inputs to
 * them, where the reference walks the reduced positions once per output (an index computation
 * per element). Otherwise the reference's loop. T: the element type, [LO, HI] its range. */
#ifndef RVFW_MEAN_SCALAR_H
#define RVFW_MEAN_SCALAR_H

#include "rvfw_reduce.h"
#include "rvfw_requant.h"

#define RVFW_MEAN_CHUNK 64

#define RVFW_MEAN_SCALAR(T, LO, HI, p, input, output)                                                              \
    do {                                                                                                          \
        const int32_t offset_ = (p)->input_zero_point * (p)->count, multiplier_ = (p)->multiplier;                 \
        const int32_t shift_ = (p)->shift, zero_point_ = (p)->output_zero_point, lo_ = (LO), hi_ = (HI);          \
        if ((p)->kept_strides[3] != 1) {                                                                          \
            RVFW_REDUCE_FOR(p, input, int32_t sum = 0, RVFW_MEAN_ADD, RVFW_MEAN_STORE);                           \
            break;                                                                                                \
        }                                                                                                         \
        const int32_t inner_ = (p)->kept_dims[3];                                                                 \
        RVFW_REDUCE_KEPT_ROWS_T(p, T, input, output, RVFW_MEAN_ROW);                                              \
    } while (0)
#define RVFW_MEAN_OUT(sum)                                                                                         \
    rvfw_clamp(rvfw_requantize((sum) - offset_, multiplier_, shift_) + zero_point_, lo_, hi_)
#define RVFW_MEAN_ADD(x) sum += (x)
#define RVFW_MEAN_STORE(o) output[o] = (__typeof__(*(output)))RVFW_MEAN_OUT(sum)
#define RVFW_MEAN_ADD_RUN(at)                                                                                      \
    {                                                                                                             \
        const __typeof__(*base_) *x_ = base_ + (at);                                                              \
        for (int32_t c = 0; c < n_; ++c)                                                                          \
            acc_[c] += x_[c];                                                                                     \
    }
#define RVFW_MEAN_ROW(base, out)                                                                                   \
    for (int32_t c0 = 0; c0 < inner_; c0 += RVFW_MEAN_CHUNK) {                                                    \
        const int32_t n_ = inner_ - c0 < RVFW_MEAN_CHUNK ? inner_ - c0 : RVFW_MEAN_CHUNK;                         \
        const __typeof__(*(base)) *base_ = (base) + c0;                                                           \
        int32_t acc_[RVFW_MEAN_CHUNK];                                                                            \
        for (int32_t c = 0; c < n_; ++c)                                                                          \
            acc_[c] = 0;                                                                                          \
        RVFW_REDUCE_OFFSETS(p, RVFW_MEAN_ADD_RUN)                                                                 \
        for (int32_t c = 0; c < n_; ++c)                                                                          \
            (out)[c0 + c] = (__typeof__(*(out)))RVFW_MEAN_OUT(acc_[c]);                                           \
    }

#endif
