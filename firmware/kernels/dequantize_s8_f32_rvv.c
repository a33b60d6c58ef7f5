/* SPDX-License-Identifier: Apache-2.0 */
/* DEQUANTIZE int8 -> float32, RVV (V or Zve64d): as the reference, scale * (q - zero point) in
 * double (the difference widened exactly to float64 lanes, one vfmul), then rounded to float by the
 * current rounding mode (vfncvt.f.f.w, as the scalar conversion does). */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_dequantize_s8_f32_rvv(const rvfw_affine_params *p, const int8_t *input, float *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e64m8((size_t)(p->size - i));
        const vint32m4_t q = __riscv_vsub_vx_i32m4(__riscv_vsext_vf4_i32m4(__riscv_vle8_v_i8m1(input + i, vl), vl),
                                                   p->zero_point, vl);
        const vfloat64m8_t x = __riscv_vfmul_vf_f64m8(__riscv_vfwcvt_f_x_v_f64m8(q, vl), p->scale, vl);
        __riscv_vse32_v_f32m4(output + i, __riscv_vfncvt_f_f_w_f32m4(x, vl), vl);
        i += (int32_t)vl;
    }
}
