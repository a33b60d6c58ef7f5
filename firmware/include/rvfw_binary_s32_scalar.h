/* SPDX-License-Identifier: Apache-2.0 */
/* The int32 (unquantised) elementwise kernels, fast scalar: each innermost run of the broadcast
 * loop (RVFW_BROADCAST_RUNS) a tight loop, the kernel's COMBINE(x, y) then the fused activation's
 * clamp, as the references compute. Strides are 1, or 0 for a repeated operand. */
#ifndef RVFW_BINARY_S32_SCALAR_H
#define RVFW_BINARY_S32_SCALAR_H

#include "rvfw_broadcast.h"

#define RVFW_S32_SCALAR_ROW(p, x, sx, y, sy, out, n)                                                               \
    {                                                                                                             \
        const int32_t *x_ = (x), *y_ = (y);                                                                       \
        const int32_t lo_ = (p)->output_activation_min, hi_ = (p)->output_activation_max;                         \
        for (int32_t j = 0; j < (n); ++j, x_ += (sx), y_ += (sy)) {                                               \
            const int32_t v_ = COMBINE(*x_, *y_); /* the bounds in registers: out may alias p */                 \
            (out)[j] = v_ < lo_ ? lo_ : v_ > hi_ ? hi_ : v_;                                                      \
        }                                                                                                         \
    }

#endif
