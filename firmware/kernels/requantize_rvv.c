/* SPDX-License-Identifier: Apache-2.0 */
/* QUANTIZE between integer types (int8, int16 or int32 in and out), RVV 1.0: a strip of int32
 * lanes (the input sign-extended), minus the input zero point, requantised as the reference does
 * (rvfw_requantize_vx: vsmul and a rounding shift, bit-exact), plus the output zero point,
 * clamped and narrowed. Wrapping int32 arithmetic, as the reference's. SEW <= 32: Zve32x too. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_requantize_rvv(const rvfw_requantize_params *p, const void *input, void *output)
{
    const int32_t lo = p->output_min, hi = p->output_max;
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->size - i));
        vint32m8_t x;
        if (p->input_bytes == 4)
            x = __riscv_vle32_v_i32m8((const int32_t *)input + i, vl);
        else if (p->input_bytes == 2)
            x = __riscv_vsext_vf2_i32m8(__riscv_vle16_v_i16m4((const int16_t *)input + i, vl), vl);
        else
            x = __riscv_vsext_vf4_i32m8(__riscv_vle8_v_i8m2((const int8_t *)input + i, vl), vl);
        x = __riscv_vsub_vx_i32m8(x, p->input_zero_point, vl);
        x = rvfw_requantize_vx(x, p->multiplier, p->shift, vl);
        x = __riscv_vadd_vx_i32m8(x, p->output_zero_point, vl);
        x = __riscv_vmin_vx_i32m8(__riscv_vmax_vx_i32m8(x, lo, vl), hi, vl);
        if (p->output_bytes == 4)
            __riscv_vse32_v_i32m8((int32_t *)output + i, x, vl);
        else if (p->output_bytes == 2)
            __riscv_vse16_v_i16m4((int16_t *)output + i, __riscv_vncvt_x_x_w_i16m4(x, vl), vl);
        else
            __riscv_vse8_v_i8m2((int8_t *)output + i,
                                __riscv_vncvt_x_x_w_i8m2(__riscv_vncvt_x_x_w_i16m4(x, vl), vl), vl);
        i += (int32_t)vl;
    }
}
