/* SPDX-License-Identifier: Apache-2.0 */
/* The 16x8 fast scalar kernels' accumulation: TFLite Micro sums int16 x int8 products in 64 bits
 * (or, with an int32 bias, wraps in 32). A product is at most 2^22 in magnitude (255 x 32768 with
 * a filter offset: below 2^23), so 256 of them sum exactly in int32: the kernels add runs of at
 * most RVFW_S16_RUN products in 32-bit arithmetic (a multiply and an add on RV32, where a 64-bit
 * accumulate takes five more) and each run's sum to the 64-bit total. The total is exact, so it
 * is the reference's, wrapped or not. */
#ifndef RVFW_S16_SCALAR_H
#define RVFW_S16_SCALAR_H

#include "rvfw_kernels.h"
#include "rvfw_requant.h"

#define RVFW_S16_RUN 256

/* sum over d < n of (w[d] + offset) * x[d], exactly. */
static inline int64_t rvfw_dot_s16(const int16_t *x, const int8_t *w, int32_t n, int32_t offset)
{
    int64_t total = 0;
    for (int32_t d0 = 0; d0 < n; d0 += RVFW_S16_RUN) {
        const int32_t end = n - d0 < RVFW_S16_RUN ? n : d0 + RVFW_S16_RUN;
        int32_t run = 0;
        if (offset == 0) {
            for (int32_t d = d0; d < end; ++d)
                run += w[d] * x[d];
        } else {
            for (int32_t d = d0; d < end; ++d)
                run += (w[d] + offset) * x[d];
        }
        total += run;
    }
    return total;
}

/* An output's sum built from several short dot products (a convolution's window rows): the
 * 32-bit run is carried from one to the next until it could hold no more products. */
typedef struct {
    int64_t total;
    int32_t run, count;
} rvfw_acc16;

static inline void rvfw_acc16_dot(rvfw_acc16 *a, const int16_t *x, const int8_t *w, int32_t n)
{
    if (a->count + n > RVFW_S16_RUN) {
        a->total += a->run;
        a->run = a->count = 0;
        if (n > RVFW_S16_RUN) {
            a->total += rvfw_dot_s16(x, w, n, 0);
            return;
        }
    }
    int32_t run = a->run;
    for (int32_t d = 0; d < n; ++d)
        run += w[d] * x[d];
    a->run = run;
    a->count += n;
}

/* The end of every 16x8 output: bias (int64, or int32 with acc32), requantisation, the output
 * offset, clamp. */
static inline int16_t rvfw_output_s16(int64_t acc, const void *bias, int32_t oc, int32_t acc32, int32_t multiplier,
                                      int32_t shift, int32_t offset, int32_t lo, int32_t hi)
{
    if (bias)
        acc += acc32 ? ((const int32_t *)bias)[oc] : ((const int64_t *)bias)[oc];
    return (int16_t)rvfw_clamp(rvfw_requantize_16x8(acc, acc32, multiplier, shift) + offset, lo, hi);
}

#endif
