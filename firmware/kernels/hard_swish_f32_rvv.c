/* SPDX-License-Identifier: Apache-2.0 */
/* HARD_SWISH, float32, RVV (V, Zve32f): x * min(6, max(0, x + 3)) / 6 lane by lane in the
 * reference's order, the max and min as its compare and select (not vfmax/vfmin: -0 and NaN). */
#include "rvfw_kernels.h"
#include "rvfw_rvv_f32.h"

RVFW_KERNEL void rvfw_hard_swish_f32_rvv(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->size - i));
        const vfloat32m8_t x = __riscv_vle32_v_f32m8(input + i, vl);
        const vfloat32m8_t shifted = __riscv_vfadd_vf_f32m8(x, 3.0f, vl);
        /* relu = 0 < shifted ? shifted : 0; relu6 = relu < 6 ? relu : 6 */
        vfloat32m8_t r = __riscv_vmerge_vvm_f32m8(__riscv_vfmv_v_f_f32m8(0.0f, vl), shifted,
                                                  __riscv_vmfgt_vf_f32m8_b4(shifted, 0.0f, vl), vl);
        r = __riscv_vfmerge_vfm_f32m8(r, 6.0f, __riscv_vmfge_vf_f32m8_b4(r, 6.0f, vl), vl); /* r is never NaN */
        __riscv_vse32_v_f32m8(output + i, __riscv_vfdiv_vf_f32m8(__riscv_vfmul_vv_f32m8(x, r, vl), 6.0f, vl), vl);
        i += (int32_t)vl;
    }
}
