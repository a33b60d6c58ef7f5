/* SPDX-License-Identifier: Apache-2.0 */
/* The float32 elementwise kernels with broadcasting, fast scalar: each innermost run of the
 * broadcast loop (RVFW_BROADCAST_RUNS) a tight loop, the kernel's COMBINE(x, y) (one IEEE
 * operation, as the reference's) then the fused activation's clamp as rvfw_clamp_f32 takes it,
 * its bounds held in registers. Strides are 1, or 0 for a repeated operand. */
#ifndef RVFW_BINARY_F32_SCALAR_H
#define RVFW_BINARY_F32_SCALAR_H

#include "rvfw_broadcast.h"

/* row(p, x, sx, y, sy, out, n, act) */
#define RVFW_F32_SCALAR_ROW(row, COMBINE)                                                                          \
    static void row(const float *x, int32_t sx, const float *y, int32_t sy, float *out, int32_t n,               \
                    const float *act)                                                                             \
    {                                                                                                             \
        const float lo = act[0], hi = act[1];                                                                     \
        for (int32_t j = 0; j < n; ++j, x += sx, y += sy) {                                                       \
            const float v = COMBINE(*x, *y);                                                                      \
            const float low = v < lo ? lo : v;                                                                    \
            out[j] = low > hi ? hi : low;                                                                         \
        }                                                                                                         \
    }

#endif
