/* SPDX-License-Identifier: Apache-2.0 */
/* An int16 activation through LiteRT's int16 table, RVV (V or Zve32x): lut_s16_ref lane by lane.
 * Each lane gathers its base and the next entry (vluxei16 at the 9-bit index's byte offset),
 * the slope wraps to int16 and the product with the low 7 bits is rounded and shifted in int32,
 * then narrowed and added in int16: the same integers as rvfw_lut16_lookup. Safe in place. */
#include <riscv_vector.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_lut_s16_rvv(const rvfw_lut_params *p, const int16_t *input, const int16_t *table,
                                  int16_t *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e16m2((size_t)(p->size - i));
        const vint16m2_t v = __riscv_vle16_v_i16m2(input + i, vl);
        /* (256 + (v >> 7)) * 2 bytes: 0..1022 */
        const vuint16m2_t at = __riscv_vsll_vx_u16m2(
            __riscv_vreinterpret_v_i16m2_u16m2(__riscv_vadd_vx_i16m2(__riscv_vsra_vx_i16m2(v, 7, vl), 256, vl)), 1, vl);
        const vint16m2_t base = __riscv_vluxei16_v_i16m2(table, at, vl);
        const vint16m2_t next = __riscv_vluxei16_v_i16m2(table + 1, at, vl);
        const vint16m2_t slope = __riscv_vsub_vv_i16m2(next, base, vl);
        const vint16m2_t offset = __riscv_vand_vx_i16m2(v, 0x7f, vl);
        vint32m4_t step = __riscv_vwmul_vv_i32m4(slope, offset, vl);
        step = __riscv_vsra_vx_i32m4(__riscv_vadd_vx_i32m4(step, 64, vl), 7, vl);
        __riscv_vse16_v_i16m2(output + i, __riscv_vadd_vv_i16m2(base, __riscv_vncvt_x_x_w_i16m2(step, vl), vl), vl);
        i += (int32_t)vl;
    }
}
