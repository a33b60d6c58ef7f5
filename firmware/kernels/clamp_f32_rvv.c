/* SPDX-License-Identifier: Apache-2.0 */
/* RELU, RELU6, RELU_N1_TO_1, RELU_0_TO_1 float32, RVV (V, Zve32f): rvfw_clamp_f32 lane by lane, its
 * two compares and selects as mask merges (not vfmax/vfmin: a NaN passes through the reference's
 * compares, and -0 stays -0), so every lane is the reference's bits. */
#include "rvfw_kernels.h"
#include "rvfw_rvv_f32.h"

RVFW_KERNEL void rvfw_clamp_f32_rvv(const rvfw_lut_params *p, const float *input, const float *act, float *output)
{
    const float lo = act[0], hi = act[1];
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->size - i));
        vfloat32m8_t x = __riscv_vle32_v_f32m8(input + i, vl);
        x = __riscv_vfmerge_vfm_f32m8(x, lo, __riscv_vmflt_vf_f32m8_b4(x, lo, vl), vl); /* x < lo ? lo : x */
        x = __riscv_vfmerge_vfm_f32m8(x, hi, __riscv_vmfgt_vf_f32m8_b4(x, hi, vl), vl); /* x > hi ? hi : x */
        __riscv_vse32_v_f32m8(output + i, x, vl);
        i += (int32_t)vl;
    }
}
