/* SPDX-License-Identifier: Apache-2.0 */
/* The int32 (unquantised) elementwise kernels, fast scalar: each innermost run of the broadcast
 * loop (RVFW_BROADCAST_RUNS) a tight loop, the kernel's COMBINE(x, y) then the fused activation's
 * clamp, as the references compute. Strides are 1, or 0 for a repeated operand. */
#ifndef RVFW_BINARY_S32_SCALAR_H
#define RVFW_BINARY_S32_SCALAR_H

#include "rvfw_broadcast.h"

#define RVFW_S32_SCALAR_ROW(p, x, sx, y, sy, out, n)                                                               \
    for (int32_t j = 0; j < (n); ++j) {                                                                           \
        const int32_t v_ = COMBINE((x)[j * (sx)], (y)[j * (sy)]);                                                 \
        (out)[j] = rvfw_clamp_s32(v_, (p));                                                                       \
    }

#endif
