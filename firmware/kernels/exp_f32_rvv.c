/* SPDX-License-Identifier: Apache-2.0 */
/* EXP, float32, RVV with float64 lanes (V, Zve64d): rvfw_expf lane by lane (rvfw_expf_rvv.h),
 * then exp_f32_ref's special cases merged in (NaN quieted, above 88.72 infinity; below -103.97
 * the lanes are already 0). Bit-exact with exp_f32_ref. */
#include "rvfw_expf_rvv.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_exp_f32_rvv(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->size - i));
        const vfloat32m4_t x = __riscv_vle32_v_f32m4(input + i, vl);
        vfloat32m4_t y = rvfw_expf_f32m4(x, vl);
        y = __riscv_vfmerge_vfm_f32m4(y, __builtin_inff(), __riscv_vmfgt_vf_f32m4_b8(x, 0x1.62e42ep6f, vl), vl);
        const vbool8_t nan = __riscv_vmfne_vv_f32m4_b8(x, x, vl);
        y = __riscv_vmerge_vvm_f32m4(y, __riscv_vfadd_vv_f32m4(x, x, vl), nan, vl);
        __riscv_vse32_v_f32m4(output + i, y, vl);
        i += (int32_t)vl;
    }
}
