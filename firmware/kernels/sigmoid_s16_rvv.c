/* SPDX-License-Identifier: Apache-2.0 */
/* int16 LOGISTIC and TANH, RVV: TFLite's table kernels (rvfw_sigmoid16.h) lane by lane in 32-bit
 * lanes (Zve32x too): the input scaling, |v| split into a table index and a fraction (9 bits for
 * the logistic, 8 for tanh), the two table entries gathered (an index past the table reads its
 * last pair and is replaced by the saturated value), the interpolation in uint32 as the
 * reference's, the negative half mirrored, then the reference's shift and int16 truncation. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

static inline vuint32m4_t table_at(const uint16_t *table, vuint32m4_t index, size_t vl)
{
    return __riscv_vzext_vf2_u32m4(__riscv_vluxei32_v_u16m2(table, __riscv_vsll_vx_u32m4(index, 1, vl), vl), vl);
}

RVFW_KERNEL void rvfw_sigmoid_s16_rvv(const rvfw_sigmoid_s16_params *p, const int16_t *input, const uint16_t *sigmoid_table,
                          int16_t *output)
{
    const int32_t shift = p->shift, round = shift > 0 ? 1 << (shift - 1) : 0;
    const uint32_t frac_bits = p->tanh ? 8 : 9, frac_mask = (1u << frac_bits) - 1u;
    for (int32_t i = 0; i < p->count;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->count - i));
        const vint32m4_t x = __riscv_vsext_vf2_i32m4(__riscv_vle16_v_i16m2(input + i, vl), vl);
        const vint32m4_t v = __riscv_vsra_vx_i32m4(__riscv_vadd_vx_i32m4(__riscv_vmul_vx_i32m4(x, p->multiplier, vl),
                                                                         round, vl), (size_t)shift, vl);
        const vbool8_t negative = __riscv_vmslt_vx_i32m4_b8(v, 0, vl);
        const vuint32m4_t a = __riscv_vreinterpret_v_i32m4_u32m4(
            __riscv_vmerge_vvm_i32m4(v, __riscv_vneg_v_i32m4(v, vl), negative, vl));
        const vuint32m4_t uh = __riscv_vsrl_vx_u32m4(a, frac_bits, vl);
        const vbool8_t saturated = __riscv_vmsgeu_vx_u32m4_b8(uh, 255, vl);
        const vuint32m4_t index = __riscv_vminu_vx_u32m4(uh, 254, vl);
        const vuint32m4_t ua = table_at(sigmoid_table, index, vl);
        const vuint32m4_t ub = table_at(sigmoid_table, __riscv_vadd_vx_u32m4(index, 1, vl), vl);
        vuint32m4_t r = __riscv_vadd_vv_u32m4(__riscv_vsll_vx_u32m4(ua, frac_bits, vl),
                                              __riscv_vmul_vv_u32m4(__riscv_vand_vx_u32m4(a, frac_mask, vl),
                                                                    __riscv_vsub_vv_u32m4(ub, ua, vl), vl), vl);
        vint16m2_t out;
        if (p->tanh) {
            r = __riscv_vmerge_vxm_u32m4(r, 0xFFFFu << 8, saturated, vl);
            const vint32m4_t s = __riscv_vreinterpret_v_u32m4_i32m4(r);
            const vint32m4_t pos = __riscv_vadd_vx_i32m4(s, -(1 << 23) + (1 << 7), vl);
            const vint32m4_t neg = __riscv_vrsub_vx_i32m4(s, (1 << 23) + (1 << 7) - 1, vl);
            const vint32m4_t t = __riscv_vsra_vx_i32m4(__riscv_vmerge_vvm_i32m4(pos, neg, negative, vl), 8, vl);
            out = __riscv_vncvt_x_x_w_i16m2(t, vl);
        } else {
            r = __riscv_vmerge_vxm_u32m4(r, 0x7FFFu << 10, saturated, vl);
            const vuint32m4_t pos = __riscv_vadd_vx_u32m4(r, 1u << 9, vl);
            const vuint32m4_t neg = __riscv_vrsub_vx_u32m4(r, (1u << 25) + (1u << 9) - 1, vl);
            const vuint32m4_t t = __riscv_vsrl_vx_u32m4(__riscv_vmerge_vvm_u32m4(pos, neg, negative, vl), 10, vl);
            out = __riscv_vreinterpret_v_u16m2_i16m2(__riscv_vncvt_x_x_w_u16m2(t, vl));
        }
        __riscv_vse16_v_i16m2(output + i, out, vl);
        i += (int32_t)vl;
    }
}
