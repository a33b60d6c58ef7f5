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

/* t[j] = sum_d x[d] * w[j * depth + d] for four rows j of float32 weights, each summed from 0.0f in
 * depth order (multiply, then add: the float references' roundings), each input loaded once. */
static inline __attribute__((always_inline)) void rvfw_dot4_f32_scalar(const float *x, const float *w, int32_t depth,
                                                                       float *t)
{
    const float *w0 = w, *w1 = w0 + depth, *w2 = w1 + depth, *w3 = w2 + depth;
    float t0 = 0.0f, t1 = 0.0f, t2 = 0.0f, t3 = 0.0f;
    for (int32_t d = 0; d < depth; ++d) {
        const float v = x[d];
        t0 += v * w0[d];
        t1 += v * w1[d];
        t2 += v * w2[d];
        t3 += v * w3[d];
    }
    t[0] = t0;
    t[1] = t1;
    t[2] = t2;
    t[3] = t3;
}

#endif
