/* SPDX-License-Identifier: Apache-2.0 */
/* GELU, float32, tanh form (approximate = true), RVV (V, Zve32f): gelu_tanh_f32_ref lane by lane,
 * bit for bit: the same IEEE operations in the same order, no fused multiply-add. */
#include <riscv_vector.h>

#include "rvfw_kernels.h"
#include "rvfw_tanh_eigen.h"
#include "rvfw_x86_nan.h"

RVFW_KERNEL void rvfw_gelu_tanh_f32_rvv(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m2((size_t)(p->size - i));
        const vfloat32m2_t x = __riscv_vle32_v_f32m2(input + i, vl);
        const vfloat32m2_t cube = __riscv_vfmul_vv_f32m2(__riscv_vfmul_vv_f32m2(x, x, vl), x, vl);
        const vfloat32m2_t sum = __riscv_vfadd_vv_f32m2(x, __riscv_vfmul_vf_f32m2(cube, 0.044715f, vl), vl);
        const vfloat32m2_t inner = __riscv_vfmul_vf_f32m2(sum, RVFW_SQRT_2_OVER_PI, vl);
        /* Eigen's ptanh_float: vfmin/vfmax would turn a NaN into the clamp, so it is merged back */
        vfloat32m2_t t = __riscv_vfmax_vf_f32m2(__riscv_vfmin_vf_f32m2(inner, RVFW_TANH_EIGEN_CLAMP, vl),
                                                -RVFW_TANH_EIGEN_CLAMP, vl);
        t = __riscv_vmerge_vvm_f32m2(t, inner, __riscv_vmfne_vv_f32m2_b16(inner, inner, vl), vl);
        const vfloat32m2_t t2 = __riscv_vfmul_vv_f32m2(t, t, vl);
        const vfloat32m2_t t3 = __riscv_vfmul_vv_f32m2(t2, t, vl);
        vfloat32m2_t num = __riscv_vfmv_v_f_f32m2(rvfw_tanh_eigen_num[0], vl);
        for (int k = 1; k < 4; ++k)
            num = __riscv_vfadd_vf_f32m2(__riscv_vfmul_vv_f32m2(num, t2, vl), rvfw_tanh_eigen_num[k], vl);
        vfloat32m2_t den = __riscv_vfmv_v_f_f32m2(rvfw_tanh_eigen_den[0], vl);
        for (int k = 1; k < 5; ++k)
            den = __riscv_vfadd_vf_f32m2(__riscv_vfmul_vv_f32m2(den, t2, vl), rvfw_tanh_eigen_den[k], vl);
        num = __riscv_vfadd_vv_f32m2(__riscv_vfmul_vv_f32m2(t3, num, vl), t, vl);
        const vfloat32m2_t tanh = __riscv_vfdiv_vv_f32m2(num, den, vl);
        const vfloat32m2_t out = __riscv_vfmul_vv_f32m2(__riscv_vfmul_vf_f32m2(x, 0.5f, vl),
                                                        __riscv_vfadd_vf_f32m2(tanh, 1.0f, vl), vl);
        __riscv_vse32_v_f32m2(output + i, rvfw_x86_nan_of_m2(x, out, vl), vl);
        i += (int32_t)vl;
    }
}
