/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX, int16 in and out, RVV (SEW 32, Zve32x suffices): softmax_s16_ref.c's arithmetic across
 * lanes. Per row: the maximum (vredmax); each x - max requantised in 32-bit lanes (rvfw_requantize_vx,
 * the reference's rounding), offset and clamped, then looked up in the exp table by two indexed
 * loads (the entry and the next) and interpolated as rvfw_lut16_lookup; the exps are stored in the
 * output row and summed by a widening reduction. Last, each exp times the reciprocal: y <= 32767 and
 * the reciprocal <= 32767 keep |y r| < 2^30 and the rounding term <= 2^30, so the reference's 64-bit
 * product and shift are exact in 32-bit lanes. */
#include "rvfw_kernels.h"
#include "rvfw_lut16.h"
#include "rvfw_rvv.h"

/* rvfw_lut16_lookup per lane: the entry at the top nine bits and the next, interpolated in the low seven. */
static inline vint16m4_t lut16_lookup_vv(vint16m4_t value, const int16_t *lut, size_t vl)
{
    const vuint16m4_t at = __riscv_vsll_vx_u16m4(
        __riscv_vreinterpret_v_i16m4_u16m4(__riscv_vadd_vx_i16m4(__riscv_vsra_vx_i16m4(value, 7, vl), 256, vl)), 1, vl);
    const vint16m4_t base = __riscv_vluxei16_v_i16m4(lut, at, vl);
    const vint16m4_t slope = __riscv_vsub_vv_i16m4(__riscv_vluxei16_v_i16m4(lut + 1, at, vl), base, vl);
    const vint32m8_t step = __riscv_vsra_vx_i32m8(
        __riscv_vadd_vx_i32m8(__riscv_vwmul_vv_i32m8(slope, __riscv_vand_vx_i16m4(value, 0x7f, vl), vl), 64, vl), 7, vl);
    return __riscv_vadd_vv_i16m4(base, __riscv_vncvt_x_x_w_i16m4(step, vl), vl);
}

RVFW_KERNEL void rvfw_softmax_s16_rvv(const rvfw_softmax_params *p, const int16_t *input, const int16_t *exp_lut,
                                      const int16_t *reciprocal_lut, int16_t *output)
{
    const int32_t depth = p->depth;
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const int16_t *x = input + i * depth;
        int16_t *y = output + i * depth;
        vint16m1_t top = __riscv_vmv_s_x_i16m1(INT16_MIN, 1);
        for (int32_t c = 0; c < depth;) {
            const size_t vl = __riscv_vsetvl_e16m8((size_t)(depth - c));
            top = __riscv_vredmax_vs_i16m8_i16m1(__riscv_vle16_v_i16m8(x + c, vl), top, vl);
            c += (int32_t)vl;
        }
        const int16_t max = (int16_t)__riscv_vmv_x_s_i16m1_i16(top);
        vint32m1_t total = __riscv_vmv_s_x_i32m1(0, 1);
        for (int32_t c = 0; c < depth;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(depth - c));
            vint32m8_t scaled = rvfw_requantize_vx(__riscv_vwsub_vx_i32m8(__riscv_vle16_v_i16m4(x + c, vl), max, vl),
                                                   p->input_multiplier, p->input_left_shift, vl);
            scaled = __riscv_vmin_vx_i32m8(__riscv_vmax_vx_i32m8(__riscv_vadd_vx_i32m8(scaled, 32767, vl), INT16_MIN, vl),
                                           INT16_MAX, vl);
            const vint16m4_t e = lut16_lookup_vv(__riscv_vncvt_x_x_w_i16m4(scaled, vl), exp_lut, vl);
            __riscv_vse16_v_i16m4(y + c, e, vl);
            total = __riscv_vwredsum_vs_i16m4_i32m1(e, total, vl);
            c += (int32_t)vl;
        }
        const int32_t sum = __riscv_vmv_x_s_i32m1_i32(total);
        int right_shift;
        const int16_t reciprocal = rvfw_softmax16_reciprocal(sum, reciprocal_lut, &right_shift);
        const int32_t round = (int32_t)(1u << (right_shift - 1));
        for (int32_t c = 0; c < depth;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(depth - c));
            vint32m8_t v = __riscv_vwmul_vx_i32m8(__riscv_vle16_v_i16m4(y + c, vl), reciprocal, vl);
            v = __riscv_vsra_vx_i32m8(__riscv_vadd_vx_i32m8(v, round, vl), (size_t)right_shift, vl);
            v = __riscv_vmin_vx_i32m8(__riscv_vmax_vx_i32m8(v, 0, vl), 32767, vl);
            __riscv_vse16_v_i16m4(y + c, __riscv_vncvt_x_x_w_i16m4(v, vl), vl);
            c += (int32_t)vl;
        }
    }
}
