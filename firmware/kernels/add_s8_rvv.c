/* SPDX-License-Identifier: Apache-2.0 */
/* ADD, int8, same-shape inputs, RVV 1.0: the reference's arithmetic lane by lane. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_add_s8_rvv(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->size - i));
        vint32m8_t a = __riscv_vsext_vf4_i32m8(__riscv_vle8_v_i8m2(input1 + i, vl), vl);
        vint32m8_t b = __riscv_vsext_vf4_i32m8(__riscv_vle8_v_i8m2(input2 + i, vl), vl);
        a = __riscv_vsll_vx_i32m8(__riscv_vadd_vx_i32m8(a, p->input1_offset, vl), (size_t)p->left_shift, vl);
        b = __riscv_vsll_vx_i32m8(__riscv_vadd_vx_i32m8(b, p->input2_offset, vl), (size_t)p->left_shift, vl);
        a = rvfw_requantize_vx(a, p->input1_multiplier, p->input1_shift, vl);
        b = rvfw_requantize_vx(b, p->input2_multiplier, p->input2_shift, vl);
        vint32m8_t sum = rvfw_requantize_vx(__riscv_vadd_vv_i32m8(a, b, vl), p->output_multiplier, p->output_shift, vl);
        __riscv_vse8_v_i8m2(output + i,
                            rvfw_narrow_s8(sum, p->output_offset, p->output_activation_min, p->output_activation_max, vl),
                            vl);
        i += (int32_t)vl;
    }
}
