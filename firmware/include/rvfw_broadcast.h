/* SPDX-License-Identifier: Apache-2.0 */
/* The loop every broadcasting elementwise kernel shares: `element(ia, ib, io)` for each output
 * element io (row-major over p->dims), with ia and ib its elements of the two inputs (strides 0
 * on broadcast dimensions). codegen.ops.broadcast merges dimensions first, so the innermost loop
 * is as long as the shapes allow. */
#ifndef RVFW_BROADCAST_H
#define RVFW_BROADCAST_H

#include "rvfw_kernels.h"
#include "rvfw_requant.h"

/* ADD, SUB and SQUARED_DIFFERENCE bring both inputs to a common scale first: the value plus its
 * offset, shifted up by left_shift for headroom, times its multiplier. */
static inline int32_t rvfw_rescaled_input1(const rvfw_binary_params *p, int32_t x)
{
    return rvfw_requantize((x + p->input1_offset) * (1 << p->left_shift), p->input1_multiplier, p->input1_shift);
}

static inline int32_t rvfw_rescaled_input2(const rvfw_binary_params *p, int32_t x)
{
    return rvfw_requantize((x + p->input2_offset) * (1 << p->left_shift), p->input2_multiplier, p->input2_shift);
}

/* The int32 kernels' fused activation: [output_activation_min, output_activation_max]. */
static inline int32_t rvfw_clamp_s32(int32_t v, const rvfw_binary_params *p)
{
    return v < p->output_activation_min ? p->output_activation_min
           : v > p->output_activation_max ? p->output_activation_max
                                          : v;
}

/* The int64 kernels' activation clamp: an int64 activation's bounds are 0, -1, 1, 6 or none, so the
 * int32 fields hold them, INT32_MIN and INT32_MAX standing for no bound. */
static inline int64_t rvfw_clamp_s64(int64_t v, const rvfw_binary_params *p)
{
    if (p->output_activation_min != INT32_MIN && v < p->output_activation_min)
        return p->output_activation_min;
    if (p->output_activation_max != INT32_MAX && v > p->output_activation_max)
        return p->output_activation_max;
    return v;
}

#define RVFW_BROADCAST_FOR(p, element)                                                                            \
    do {                                                                                                          \
        int32_t io = 0;                                                                                           \
        for (int32_t i0 = 0; i0 < (p)->dims[0]; ++i0)                                                             \
            for (int32_t i1 = 0; i1 < (p)->dims[1]; ++i1)                                                         \
                for (int32_t i2 = 0; i2 < (p)->dims[2]; ++i2)                                                     \
                    for (int32_t i3 = 0; i3 < (p)->dims[3]; ++i3) {                                               \
                        int32_t ia = i0 * (p)->a_strides[0] + i1 * (p)->a_strides[1] + i2 * (p)->a_strides[2] +   \
                                     i3 * (p)->a_strides[3];                                                      \
                        int32_t ib = i0 * (p)->b_strides[0] + i1 * (p)->b_strides[1] + i2 * (p)->b_strides[2] +   \
                                     i3 * (p)->b_strides[3];                                                      \
                        for (int32_t i4 = 0; i4 < (p)->dims[4];                                                   \
                             ++i4, ++io, ia += (p)->a_strides[4], ib += (p)->b_strides[4]) {                      \
                            element(ia, ib, io);                                                                  \
                        }                                                                                         \
                    }                                                                                             \
    } while (0)

/* The same loop a row at a time, for the vector kernels: `row(a, a_stride, b, b_stride, out, n)`
 * for each innermost run of n output elements (a_stride / b_stride: 1 contiguous, 0 repeated). */
#define RVFW_BROADCAST_ROWS(p, a, b, output, row) RVFW_BROADCAST_RUNS(p, int8_t, a, b, output, row)

/* The same for elements of type T (the int32 kernels' rows). */
#define RVFW_BROADCAST_RUNS(p, T, a, b, output, row) RVFW_BROADCAST_RUNS_TO(p, T, a, b, T, output, row)

/* The same with outputs of type U (the comparisons' bool bytes). */
#define RVFW_BROADCAST_RUNS_TO(p, T, a, b, U, output, row)                                                         \
    do {                                                                                                          \
        U *out_ = (output);                                                                                       \
        for (int32_t i0 = 0; i0 < (p)->dims[0]; ++i0)                                                             \
            for (int32_t i1 = 0; i1 < (p)->dims[1]; ++i1)                                                         \
                for (int32_t i2 = 0; i2 < (p)->dims[2]; ++i2)                                                     \
                    for (int32_t i3 = 0; i3 < (p)->dims[3]; ++i3, out_ += (p)->dims[4]) {                         \
                        const T *a_ = (a) + i0 * (p)->a_strides[0] + i1 * (p)->a_strides[1] +                     \
                                      i2 * (p)->a_strides[2] + i3 * (p)->a_strides[3];                            \
                        const T *b_ = (b) + i0 * (p)->b_strides[0] + i1 * (p)->b_strides[1] +                     \
                                      i2 * (p)->b_strides[2] + i3 * (p)->b_strides[3];                            \
                        row(p, a_, (p)->a_strides[4], b_, (p)->b_strides[4], out_, (p)->dims[4]);                 \
                    }                                                                                             \
    } while (0)

/* The comparisons (codegen.ops.compare): one bool byte per output element, p->comparison picking
 * EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER or GREATER_EQUAL (0-5). */
#define RVFW_COMPARE(p, a, b, output)                                                                              \
    do {                                                                                                          \
        switch ((p)->comparison) {                                                                                \
        case 0: RVFW_BROADCAST_FOR(p, RVFW_CMP_EQ); break;                                                        \
        case 1: RVFW_BROADCAST_FOR(p, RVFW_CMP_NE); break;                                                        \
        case 2: RVFW_BROADCAST_FOR(p, RVFW_CMP_LT); break;                                                        \
        case 3: RVFW_BROADCAST_FOR(p, RVFW_CMP_LE); break;                                                        \
        case 4: RVFW_BROADCAST_FOR(p, RVFW_CMP_GT); break;                                                        \
        default: RVFW_BROADCAST_FOR(p, RVFW_CMP_GE); break;                                                       \
        }                                                                                                         \
    } while (0)
/* The fast kernels' form: one row function (RVFW_BROADCAST_RUNS_TO) per comparison, chosen once. */
#define RVFW_COMPARE_RUNS(p, T, a, b, output, eq, ne, lt, le, gt, ge)                                              \
    do {                                                                                                          \
        switch ((p)->comparison) {                                                                                \
        case 0: RVFW_BROADCAST_RUNS_TO(p, T, a, b, uint8_t, output, eq); break;                                   \
        case 1: RVFW_BROADCAST_RUNS_TO(p, T, a, b, uint8_t, output, ne); break;                                   \
        case 2: RVFW_BROADCAST_RUNS_TO(p, T, a, b, uint8_t, output, lt); break;                                   \
        case 3: RVFW_BROADCAST_RUNS_TO(p, T, a, b, uint8_t, output, le); break;                                   \
        case 4: RVFW_BROADCAST_RUNS_TO(p, T, a, b, uint8_t, output, gt); break;                                   \
        default: RVFW_BROADCAST_RUNS_TO(p, T, a, b, uint8_t, output, ge); break;                                  \
        }                                                                                                         \
    } while (0)
#define RVFW_CMP_EQ(ia, ib, io) output[io] = a[ia] == b[ib]
#define RVFW_CMP_NE(ia, ib, io) output[io] = a[ia] != b[ib]
#define RVFW_CMP_LT(ia, ib, io) output[io] = a[ia] < b[ib]
#define RVFW_CMP_LE(ia, ib, io) output[io] = a[ia] <= b[ib]
#define RVFW_CMP_GT(ia, ib, io) output[io] = a[ia] > b[ib]
#define RVFW_CMP_GE(ia, ib, io) output[io] = a[ia] >= b[ib]

#endif
