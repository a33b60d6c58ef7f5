/* SPDX-License-Identifier: Apache-2.0 */
/* The int32 (unquantised) elementwise kernels on RVV: each innermost run of the broadcast loop
 * (RVFW_BROADCAST_RUNS) in strips of int32 lanes, the kernel's COMBINE(x, y, vl) then the fused
 * activation's clamp, as the references compute (wrapping int32; DIV's vdiv truncates toward zero,
 * and like the scalar division gives -1 for a zero divisor and INT32_MIN for INT32_MIN / -1, which
 * the reference's negation of a / -1 also gives). Strides are 1, or 0 for a repeated operand. */
#ifndef RVFW_BINARY_S32_RVV_H
#define RVFW_BINARY_S32_RVV_H

#include "rvfw_broadcast.h"
#include "rvfw_rvv.h"

static inline vint32m8_t rvfw_load_s32_run(const int32_t *x, int32_t stride, size_t vl)
{
    return stride ? __riscv_vle32_v_i32m8(x, vl) : __riscv_vmv_v_x_i32m8(x[0], vl);
}

#define RVFW_S32_RVV_ROW(p, x, sx, y, sy, out, n)                                                                  \
    for (int32_t j = 0; j < (n);) {                                                                               \
        const size_t vl = __riscv_vsetvl_e32m8((size_t)((n) - j));                                                \
        vint32m8_t r_ = COMBINE(rvfw_load_s32_run((x) + j * (sx), (sx), vl),                                      \
                                rvfw_load_s32_run((y) + j * (sy), (sy), vl), vl);                                 \
        r_ = __riscv_vmax_vx_i32m8(r_, (p)->output_activation_min, vl);                                           \
        r_ = __riscv_vmin_vx_i32m8(r_, (p)->output_activation_max, vl);                                           \
        __riscv_vse32_v_i32m8((out) + j, r_, vl);                                                                 \
        j += (int32_t)vl;                                                                                         \
    }

#endif
