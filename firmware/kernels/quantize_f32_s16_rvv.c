/* SPDX-License-Identifier: Apache-2.0 */
/* QUANTIZE float32 -> int16, RVV (SEW 32, V or Zve32f): as quantize_f32_s8_rvv.c, the reference's
 * single-precision quotient x / scale rounded half away from zero (RMM), plus the zero point,
 * clamped to int16. In place too: each pass loads its floats before it stores their halves. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_quantize_f32_s16_rvv(const rvfw_affine_params *p, const float *input, int16_t *output)
{
    const float scale = (float)p->scale;
    const int32_t zero_point = p->zero_point, lo = INT16_MIN - zero_point, hi = INT16_MAX - zero_point;
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->size - i));
        const vfloat32m8_t x = __riscv_vfdiv_vf_f32m8(__riscv_vle32_v_f32m8(input + i, vl), scale, vl);
        vint32m8_t q = __riscv_vfcvt_x_f_v_i32m8_rm(x, __RISCV_FRM_RMM, vl);
        q = __riscv_vadd_vx_i32m8(__riscv_vmin_vx_i32m8(__riscv_vmax_vx_i32m8(q, lo, vl), hi, vl), zero_point, vl);
        __riscv_vse16_v_i16m4(output + i, __riscv_vncvt_x_x_w_i16m4(q, vl), vl);
        i += (int32_t)vl;
    }
}
