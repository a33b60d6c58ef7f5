/* SPDX-License-Identifier: Apache-2.0 */
/* The loop the CUMSUM kernels share (TFLite's CumSum): per row along the axis an accumulator of
 * type acc_t from 0, the elements added in the axis's order (or reversed), each output (out_t) the
 * sum before (exclusive) or after adding its element. */
#ifndef RVFW_CUMSUM_H
#define RVFW_CUMSUM_H

#include "rvfw_kernels.h"

#define RVFW_CUMSUM(acc_t, out_t, p, input, output)                                                                    \
    for (int32_t o = 0; o < (p)->outer; ++o)                                                                           \
        for (int32_t i = 0; i < (p)->inner; ++i) {                                                                     \
            acc_t sum = 0;                                                                                             \
            for (int32_t j = 0; j < (p)->axis_size; ++j) {                                                             \
                const int32_t k = (p)->reverse ? (p)->axis_size - 1 - j : j;                                           \
                const int32_t at = (o * (p)->axis_size + k) * (p)->inner + i;                                          \
                if ((p)->exclusive) {                                                                                  \
                    (output)[at] = (out_t)sum;                                                                         \
                    sum += (acc_t)(input)[at];                                                                         \
                } else {                                                                                               \
                    sum += (acc_t)(input)[at];                                                                         \
                    (output)[at] = (out_t)sum;                                                                         \
                }                                                                                                      \
            }                                                                                                          \
        }

#endif
