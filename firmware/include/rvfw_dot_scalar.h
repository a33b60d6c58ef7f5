/* SPDX-License-Identifier: Apache-2.0 */
/* The scalar two-output inner product, shared by the FULLY_CONNECTED, LSTM and CONV_2D fast scalar
 * kernels: two output units per pass, each input byte loaded once for both. */
#ifndef RVFW_DOT_SCALAR_H
#define RVFW_DOT_SCALAR_H

#include <stdint.h>

/* *acc_a += x . wa and *acc_b += x . wb over `depth` int8 values. */
static inline __attribute__((always_inline)) void rvfw_dot2_s8_scalar(const int8_t *x, const int8_t *wa,
                                                                      const int8_t *wb, int32_t depth,
                                                                      int32_t *acc_a, int32_t *acc_b)
{
    int32_t a = *acc_a, b = *acc_b;
#pragma GCC unroll 4
    for (int32_t d = 0; d < depth; ++d) {
        const int32_t v = x[d];
        a += v * wa[d];
        b += v * wb[d];
    }
    *acc_a = a;
    *acc_b = b;
}

#endif
