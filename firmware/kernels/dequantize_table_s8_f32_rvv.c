/* SPDX-License-Identifier: Apache-2.0 */
/* DEQUANTIZE int8 -> float32, RVV in integer lanes (Zve32x: a vector unit without float): each
 * output is its input's entry of the build-time table of the 256 outputs (the reference's own
 * double product, rounded to float), gathered as 32-bit patterns. Bit-exact with the reference. */
#include <riscv_vector.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_dequantize_table_s8_f32_rvv(const rvfw_affine_params *p, const int8_t *input, const float *table,
                                      float *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->size - i));
        const vint32m4_t q = __riscv_vsext_vf4_i32m4(__riscv_vle8_v_i8m1(input + i, vl), vl);
        const vuint32m4_t at = __riscv_vreinterpret_v_i32m4_u32m4(__riscv_vsll_vx_i32m4(__riscv_vadd_vx_i32m4(q, 128, vl), 2, vl));
        __riscv_vse32_v_u32m4((uint32_t *)(output + i), __riscv_vluxei32_v_u32m4((const uint32_t *)table, at, vl), vl);
        i += (int32_t)vl;
    }
}
