/* SPDX-License-Identifier: Apache-2.0 */
/* The loop the reduction kernels share: for each output element (row-major over the kept
 * dimensions) `init`, then `step(x)` for every input element x it reduces, then `finish(o)`.
 * Any element type: the pointers take the input's. */
#ifndef RVFW_REDUCE_H
#define RVFW_REDUCE_H

#include "rvfw_kernels.h"

/* The statement (the variadic argument, so that it may hold commas) for each innermost run of
 * reduced elements of one output, `row` its first element (the run: red_dims[3] elements,
 * red_strides[3] apart), in the reference's order; base is the output's first input element. */
#define RVFW_REDUCE_RUNS(p, base, row, ...)                                                                        \
    for (int32_t r0_ = 0; r0_ < (p)->red_dims[0]; ++r0_)                                                          \
        for (int32_t r1_ = 0; r1_ < (p)->red_dims[1]; ++r1_)                                                      \
            for (int32_t r2_ = 0; r2_ < (p)->red_dims[2]; ++r2_) {                                                \
                const __typeof__(*(base)) *row = (base) + r0_ * (p)->red_strides[0] + r1_ * (p)->red_strides[1] + \
                                                 r2_ * (p)->red_strides[2];                                       \
                __VA_ARGS__;                                                                                      \
            }

#define RVFW_REDUCE_FOR(p, input, init, step, finish)                                                              \
    do {                                                                                                          \
        int32_t o = 0;                                                                                            \
        for (int32_t k0 = 0; k0 < (p)->kept_dims[0]; ++k0)                                                        \
            for (int32_t k1 = 0; k1 < (p)->kept_dims[1]; ++k1)                                                    \
                for (int32_t k2 = 0; k2 < (p)->kept_dims[2]; ++k2)                                                \
                    for (int32_t k3 = 0; k3 < (p)->kept_dims[3]; ++k3, ++o) {                                     \
                        const __typeof__(*(input)) *base = (input) + k0 * (p)->kept_strides[0] +                  \
                                                           k1 * (p)->kept_strides[1] + k2 * (p)->kept_strides[2] + \
                                                           k3 * (p)->kept_strides[3];                             \
                        init;                                                                                     \
                        RVFW_REDUCE_RUNS(p, base, row,                                                            \
                                         for (int32_t r3 = 0; r3 < (p)->red_dims[3]; ++r3)                        \
                                             step(row[r3 * (p)->red_strides[3]]))                                 \
                        finish(o);                                                                                \
                    }                                                                                             \
    } while (0)

/* For the vector kernels, whose lanes run along the innermost kept axis (contiguous): `row(base,
 * out)` for each row of kept_dims[3] outputs, base its first input element... */
#define RVFW_REDUCE_KEPT_ROWS(p, input, output, row) RVFW_REDUCE_KEPT_ROWS_T(p, int8_t, input, output, row)
#define RVFW_REDUCE_KEPT_ROWS_T(p, T, input, output, row)                                                          \
    do {                                                                                                          \
        T *out_ = (output);                                                                                       \
        for (int32_t k0 = 0; k0 < (p)->kept_dims[0]; ++k0)                                                        \
            for (int32_t k1 = 0; k1 < (p)->kept_dims[1]; ++k1)                                                    \
                for (int32_t k2 = 0; k2 < (p)->kept_dims[2]; ++k2, out_ += (p)->kept_dims[3]) {                   \
                    row((input) + k0 * (p)->kept_strides[0] + k1 * (p)->kept_strides[1] +                         \
                            k2 * (p)->kept_strides[2],                                                            \
                        out_);                                                                                    \
                }                                                                                                 \
    } while (0)

/* ... and `step(offset)` for the element offset of every reduced position. */
#define RVFW_REDUCE_OFFSETS(p, step)                                                                               \
    for (int32_t r0 = 0; r0 < (p)->red_dims[0]; ++r0)                                                             \
        for (int32_t r1 = 0; r1 < (p)->red_dims[1]; ++r1)                                                         \
            for (int32_t r2 = 0; r2 < (p)->red_dims[2]; ++r2)                                                     \
                for (int32_t r3 = 0; r3 < (p)->red_dims[3]; ++r3) {                                               \
                    step(r0 * (p)->red_strides[0] + r1 * (p)->red_strides[1] + r2 * (p)->red_strides[2] +         \
                         r3 * (p)->red_strides[3]);                                                               \
                }

/* The float32 MEAN/SUM vector kernels' start: the innermost kept run (inner elements, stride
 * apart) and the count as a float; where the run is one element, each kept row is summed in order
 * by the kernel's own ordered_sum(p, base, out, count), and the kernel returns. */
#define RVFW_MEAN_F32_START(p, input, output)                                                                      \
    const int32_t inner = (p)->kept_dims[3];                                                                      \
    const ptrdiff_t stride = (p)->kept_strides[3];                                                                \
    const float count = (float)(p)->count;                                                                        \
    if (inner == 1) {                                                                                             \
        RVFW_REDUCE_KEPT_ROWS_T(p, float, input, output, RVFW_MEAN_F32_ORDERED_ROW);                              \
        return;                                                                                                   \
    }
#define RVFW_MEAN_F32_ORDERED_ROW(base, out) ordered_sum(p, (base), (out), count)

/* LiteRT's quantised SUM (its QuantizedMeanOrSum with compute_sum, as its optimised kernel runs it):
 * round(sum x scale + bias) + the output zero point, clamped, in single precision; scale = input
 * scale / output scale and bias = -input zero point x scale x count, formed at build time as LiteRT
 * forms them. Measured equal to LiteRT's optimised SUM on 600 int8 and 600 int16 seeded sums.
 * (Its reference SUM reads a buffer it never wrote: docs/tflm-differences.md.) */
static inline int32_t rvfw_sum_litert(int32_t sum, float scale, float bias, int32_t zero_point, int32_t lo, int32_t hi)
{
    const int32_t v = (int32_t)__builtin_roundf((float)sum * scale + bias) + zero_point;
    return v < lo ? lo : v > hi ? hi : v;
}

#endif
