/* SPDX-License-Identifier: Apache-2.0 */
/* QUANTIZE float32 -> int8, RVV (SEW 32, V or Zve32f): the reference's single-precision quotient
 * x / scale (vfdiv rounds as fdiv.s does), rounded half away from zero as roundf() does (the
 * conversion's own rounding mode RMM: to nearest, ties to the larger magnitude), plus the zero
 * point, clamped to int8. Input and output may be the same bytes (--memory small): each pass
 * loads its floats before it stores their bytes, which lie at or before them. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_quantize_f32_s8_rvv(const rvfw_affine_params *p, const float *input, int8_t *output)
{
    const float scale = (float)p->scale;
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->size - i));
        const vfloat32m8_t x = __riscv_vfdiv_vf_f32m8(__riscv_vle32_v_f32m8(input + i, vl), scale, vl);
        const vint32m8_t q = __riscv_vfcvt_x_f_v_i32m8_rm(x, __RISCV_FRM_RMM, vl);
        __riscv_vse8_v_i8m2(output + i, rvfw_narrow_s8(q, p->zero_point, INT8_MIN, INT8_MAX, vl), vl);
        i += (int32_t)vl;
    }
}
