/* SPDX-License-Identifier: Apache-2.0 */
/* ARG_MAX and ARG_MIN's one loop, for every dtype (its kernels differ only in the element type T):
 * per (outer, inner) position the index along the axis of the first largest (is_max) or smallest
 * value, stored as int32 or int64 (index_bytes). */
#ifndef RVFW_ARG_MINMAX_H
#define RVFW_ARG_MINMAX_H

#include "rvfw_kernels.h"

#define RVFW_ARG_MINMAX(T, p, input, output)                                                                       \
    do {                                                                                                          \
        for (int32_t o = 0; o < (p)->outer; ++o) {                                                                \
            for (int32_t i = 0; i < (p)->inner; ++i) {                                                            \
                const T *x = (input) + o * (p)->axis_size * (p)->inner + i;                                       \
                T best = x[0];                                                                                    \
                int32_t index = 0;                                                                                \
                for (int32_t k = 1; k < (p)->axis_size; ++k) {                                                    \
                    const T v = x[k * (p)->inner];                                                                \
                    if ((p)->is_max ? v > best : v < best) {                                                      \
                        best = v;                                                                                 \
                        index = k;                                                                                \
                    }                                                                                             \
                }                                                                                                 \
                if ((p)->index_bytes == 8)                                                                        \
                    ((int64_t *)(output))[o * (p)->inner + i] = index;                                            \
                else                                                                                              \
                    ((int32_t *)(output))[o * (p)->inner + i] = index;                                            \
            }                                                                                                     \
        }                                                                                                         \
    } while (0)

#endif
