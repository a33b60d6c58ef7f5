/* SPDX-License-Identifier: Apache-2.0 */
/* The float32 elementwise kernels with broadcasting, RVV (V, Zve32f): each innermost run of the
 * broadcast loop (RVFW_BROADCAST_RUNS) in float lanes, OP(x, y, vl) one IEEE operation per lane
 * (rounding as the reference's scalar operation), then the fused activation's clamp as
 * rvfw_clamp_f32 takes it (compare and merge: vfmin/vfmax differ on -0 and NaN). */
#ifndef RVFW_BINARY_F32_RVV_H
#define RVFW_BINARY_F32_RVV_H

#include "rvfw_broadcast.h"
#include "rvfw_rvv_f32.h"

static inline vfloat32m8_t rvfw_load_f32_strided(const float *x, ptrdiff_t stride, size_t vl)
{
    if (stride == 1)
        return __riscv_vle32_v_f32m8(x, vl);
    if (stride == 0)
        return __riscv_vfmv_v_f_f32m8(*x, vl);
    return __riscv_vlse32_v_f32m8(x, stride * 4, vl);
}

/* row(a, sa, b, sb, out, n, act): one innermost run (strides 1, or 0 for a repeated operand). */
#define RVFW_F32_ROW(row, OP)                                                                                      \
    static void row(const float *a, int32_t sa, const float *b, int32_t sb, float *out, int32_t n,               \
                    const float *act)                                                                             \
    {                                                                                                             \
        for (int32_t i = 0; i < n;) {                                                                             \
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(n - i));                                              \
            const vfloat32m8_t x = rvfw_load_f32_strided(a + i * sa, sa, vl);                                     \
            const vfloat32m8_t v = OP(x, rvfw_load_f32_strided(b + i * sb, sb, vl), vl);                          \
            __riscv_vse32_v_f32m8(out + i, rvfw_clamp_f32m8(v, act, vl), vl);                                     \
            i += (int32_t)vl;                                                                                     \
        }                                                                                                         \
    }

#endif
