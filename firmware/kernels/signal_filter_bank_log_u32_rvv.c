/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBankLog, uint32 in, int16 out, RVV: the reference's fixed-point log channel by lane
 * (32-bit lanes only, the ln 2 product as high and low halves: Zve32x too). The highest set bit is the bit length
 * less one (rvfw_bit_length_u32m4), the fraction is shifted up or down by a per-lane amount, the
 * correction table's two entries are gathered per lane; inputs of 0 or 1 (after the correction
 * shift) give 0. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

enum { SCALE_BITS = 16, SEGMENT_BITS = 7, LN2_Q16 = 45426 };

static inline vint32m4_t table_at(const uint16_t *table, vuint32m4_t index, size_t vl)
{
    const vuint32m4_t bytes = __riscv_vsll_vx_u32m4(index, 1, vl);
    return __riscv_vreinterpret_v_u32m4_i32m4(__riscv_vzext_vf2_u32m4(__riscv_vluxei32_v_u16m2(table, bytes, vl), vl));
}

RVFW_KERNEL void rvfw_signal_filter_bank_log_u32_rvv(const rvfw_signal_log_params *p, const uint32_t *input,
                                         const uint16_t *log_table, int16_t *output)
{
    const uint32_t round = 1u << (SCALE_BITS - 1);
    for (int32_t i = 0; i < p->channels;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->channels - i));
        const vuint32m4_t scaled = __riscv_vsll_vx_u32m4(__riscv_vle32_v_u32m4(input + i, vl), p->correction_bits, vl);
        const vbool8_t zero = __riscv_vmsleu_vx_u32m4_b8(scaled, 1, vl);
        /* lanes of 0 or 1 compute with integer 0 and are replaced below */
        const vuint32m4_t integer = __riscv_vsub_vx_u32m4(
            __riscv_vmaxu_vx_u32m4(rvfw_bit_length_u32m4(scaled, vl), 1, vl), 1, vl);
        const vuint32m4_t diff = __riscv_vsub_vv_u32m4(
            scaled, __riscv_vsll_vv_u32m4(__riscv_vmv_v_x_u32m4(1, vl), integer, vl), vl);
        const vbool8_t below = __riscv_vmsltu_vx_u32m4_b8(integer, SCALE_BITS, vl);
        const vuint32m4_t up = __riscv_vsll_vv_u32m4(diff, __riscv_vrsub_vx_u32m4(integer, SCALE_BITS, vl), vl);
        const vuint32m4_t down = __riscv_vsrl_vv_u32m4(diff, __riscv_vsub_vx_u32m4(integer, SCALE_BITS, vl), vl);
        const vuint32m4_t frac_u = __riscv_vmerge_vvm_u32m4(down, up, below, vl);
        const vint32m4_t frac = __riscv_vreinterpret_v_u32m4_i32m4(frac_u);
        const vuint32m4_t segment = __riscv_vsrl_vx_u32m4(frac_u, SCALE_BITS - SEGMENT_BITS, vl);
        const vint32m4_t c0 = table_at(log_table, segment, vl);
        const vint32m4_t c1 = table_at(log_table, __riscv_vadd_vx_u32m4(segment, 1, vl), vl);
        const vint32m4_t base = __riscv_vreinterpret_v_u32m4_i32m4(
            __riscv_vsll_vx_u32m4(segment, SCALE_BITS - SEGMENT_BITS, vl));
        const vint32m4_t rel = __riscv_vsra_vx_i32m4(
            __riscv_vmul_vv_i32m4(__riscv_vsub_vv_i32m4(c1, c0, vl), __riscv_vsub_vv_i32m4(frac, base, vl), vl),
            SCALE_BITS, vl);
        const vuint32m4_t fraction = __riscv_vreinterpret_v_i32m4_u32m4(
            __riscv_vadd_vv_i32m4(__riscv_vadd_vv_i32m4(frac, c0, vl), rel, vl));
        const vuint32m4_t log2 = __riscv_vadd_vv_u32m4(__riscv_vsll_vx_u32m4(integer, SCALE_BITS, vl), fraction, vl);
        const vuint32m4_t lo = __riscv_vmul_vx_u32m4(log2, LN2_Q16, vl);
        const vuint32m4_t hi = __riscv_vadc_vxm_u32m4(__riscv_vmulhu_vx_u32m4(log2, LN2_Q16, vl), 0,
                                                      __riscv_vmadc_vx_u32m4_b8(lo, round, vl), vl);
        const vuint32m4_t loge = rvfw_shr64_u32m4(hi, __riscv_vadd_vx_u32m4(lo, round, vl), SCALE_BITS, vl);
        vuint32m4_t value = __riscv_vsrl_vx_u32m4(
            __riscv_vadd_vx_u32m4(__riscv_vmul_vx_u32m4(loge, p->output_scale, vl), round, vl), SCALE_BITS, vl);
        value = __riscv_vminu_vx_u32m4(value, INT16_MAX, vl);
        value = __riscv_vmerge_vxm_u32m4(value, 0, zero, vl);
        __riscv_vse16_v_i16m2(output + i, __riscv_vreinterpret_v_u16m2_i16m2(__riscv_vncvt_x_x_w_u16m2(value, vl)),
                              vl);
        i += (int32_t)vl;
    }
}
