/* SPDX-License-Identifier: Apache-2.0 */
/* Shared end of the float32 RVV kernels: total + bias (or + 0, as TFLite adds a zero bias), then
 * TFLite's ActivationFunctionWithMinMax per lane. The clamp compares and merges instead of
 * vfmin/vfmax, which differ from std::min/std::max on -0 and NaN. */
#ifndef RVFW_RVV_F32_H
#define RVFW_RVV_F32_H

/* The RVV 1.0 intrinsics: GCC 14 or later, or clang 17 or later. An older GCC has no
 * <riscv_vector.h>: say what to install instead of "No such file". */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 14
#error "rvfw: the *_rvv.c kernels need GCC >= 14 or clang >= 17 (<riscv_vector.h>); compile them with clang, or export with --kernels scalar"
#endif
#include <riscv_vector.h>
#include <stddef.h>

static inline void rvfw_store_biased_f32(float *out, vfloat32m8_t total, const float *bias, const float *act, size_t vl)
{
    const vfloat32m8_t b = bias ? __riscv_vle32_v_f32m8(bias, vl) : __riscv_vfmv_v_f_f32m8(0.0f, vl);
    vfloat32m8_t v = __riscv_vfadd_vv_f32m8(total, b, vl);
    v = __riscv_vfmerge_vfm_f32m8(v, act[0], __riscv_vmflt_vf_f32m8_b4(v, act[0], vl), vl);
    v = __riscv_vfmerge_vfm_f32m8(v, act[1], __riscv_vmfgt_vf_f32m8_b4(v, act[1], vl), vl);
    __riscv_vse32_v_f32m8(out, v, vl);
}

#endif
