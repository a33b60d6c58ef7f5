/* SPDX-License-Identifier: Apache-2.0 */
/* LOGISTIC, float32, RVV (V, Zve64d): TFLite's reference logistic (rvfw_logisticf) lane by lane:
 * 1 above 16.619..., exp(x) below -9, else 1 / (1 + exp(-x)) in single precision, the exp in
 * float64 lanes (rvfw_expf_rvv.h, bit for bit rvfw_expf). */
#include "rvfw_expf_rvv.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_logistic_f32_rvv(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->size - i));
        const vfloat32m4_t x = __riscv_vle32_v_f32m4(input + i, vl);
        const vbool8_t small = __riscv_vmflt_vf_f32m4_b8(x, -9.0f, vl);
        const vfloat32m4_t e = rvfw_expf_f32m4(__riscv_vmerge_vvm_f32m4(__riscv_vfneg_v_f32m4(x, vl), x, small, vl), vl);
        vfloat32m4_t y = __riscv_vfrdiv_vf_f32m4(__riscv_vfadd_vf_f32m4(e, 1.0f, vl), 1.0f, vl);
        y = __riscv_vmerge_vvm_f32m4(y, e, small, vl);
        y = __riscv_vfmerge_vfm_f32m4(y, 1.0f, __riscv_vmfgt_vf_f32m4_b8(x, 16.619047164916992188f, vl), vl);
        __riscv_vse32_v_f32m4(output + i, y, vl);
        i += (int32_t)vl;
    }
}
