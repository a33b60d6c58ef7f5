/* SPDX-License-Identifier: Apache-2.0 */
/* The int32 (unquantised) elementwise kernels on RVV: each innermost run of the broadcast loop
 * (rvfw_broadcast.h) in strips of int32 lanes, `combine(x, y, vl)` then the fused activation's
 * clamp, as the references compute (wrapping int32; DIV's vdiv truncates toward zero, and like the
 * scalar division gives -1 for a zero divisor and INT32_MIN for INT32_MIN / -1, which the
 * reference's negation of a / -1 also gives). Innermost strides are 1 or 0 (a repeated operand). */
#ifndef RVFW_BINARY_S32_RVV_H
#define RVFW_BINARY_S32_RVV_H

#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

static inline vint32m8_t rvfw_load_s32_run(const int32_t *x, int32_t stride, size_t vl)
{
    return stride ? __riscv_vle32_v_i32m8(x, vl) : __riscv_vmv_v_x_i32m8(x[0], vl);
}

#define RVFW_BINARY_S32_RVV(p, a, b, output, combine)                                                              \
    do {                                                                                                          \
        int32_t *out_ = (output);                                                                                 \
        const int32_t sa_ = (p)->a_strides[4], sb_ = (p)->b_strides[4], n_ = (p)->dims[4];                        \
        for (int32_t i0 = 0; i0 < (p)->dims[0]; ++i0)                                                             \
            for (int32_t i1 = 0; i1 < (p)->dims[1]; ++i1)                                                         \
                for (int32_t i2 = 0; i2 < (p)->dims[2]; ++i2)                                                     \
                    for (int32_t i3 = 0; i3 < (p)->dims[3]; ++i3) {                                               \
                        const int32_t *a_ = (a) + i0 * (p)->a_strides[0] + i1 * (p)->a_strides[1] +               \
                                            i2 * (p)->a_strides[2] + i3 * (p)->a_strides[3];                      \
                        const int32_t *b_ = (b) + i0 * (p)->b_strides[0] + i1 * (p)->b_strides[1] +               \
                                            i2 * (p)->b_strides[2] + i3 * (p)->b_strides[3];                      \
                        for (int32_t j = 0; j < n_;) {                                                            \
                            const size_t vl = __riscv_vsetvl_e32m8((size_t)(n_ - j));                             \
                            vint32m8_t r_ = combine(rvfw_load_s32_run(a_ + j * sa_, sa_, vl),                     \
                                                    rvfw_load_s32_run(b_ + j * sb_, sb_, vl), vl);                \
                            r_ = __riscv_vmax_vx_i32m8(r_, (p)->output_activation_min, vl);                       \
                            r_ = __riscv_vmin_vx_i32m8(r_, (p)->output_activation_max, vl);                       \
                            __riscv_vse32_v_i32m8(out_ + j, r_, vl);                                              \
                            j += (int32_t)vl;                                                                     \
                        }                                                                                         \
                        out_ += n_;                                                                               \
                    }                                                                                             \
    } while (0)

#endif
