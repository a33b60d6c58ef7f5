/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX int8 -> int8 (output scale 1/256, zero point -128), RVV 1.0: the reference's gemmlowp
 * fixed-point arithmetic lane by lane, a row's values across the lanes (int32, LMUL 4). vsmul
 * with round-to-nearest-up is the saturating rounding doubling high multiply; a rounding divide
 * by a power of two (halves away from zero) is vssra after taking one off negative values. The
 * row's maximum and sum are reductions; the reciprocal of the sum, once a row, stays scalar. */
#include "rvfw_gemmlowp.h"
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

typedef vint32m4_t v32;

static inline v32 srdhm_vx(v32 a, int32_t b, size_t vl)
{
    return __riscv_vsmul_vx_i32m4(a, b, __RISCV_VXRM_RNU, vl);
}

static inline v32 srdhm_vv(v32 a, v32 b, size_t vl)
{
    return __riscv_vsmul_vv_i32m4(a, b, __RISCV_VXRM_RNU, vl);
}

/* rvfw_exp_on_negative_values(a, 5) per lane. */
static inline v32 exp_on_negative_values(v32 a, size_t vl)
{
    static const int32_t exp_of_minus_pot[7] = RVFW_EXP_OF_MINUS_POT;
    const int32_t one_quarter = 1 << 24; /* Q5.26 */
    const v32 amq = __riscv_vsub_vx_i32m4(__riscv_vand_vx_i32m4(a, one_quarter - 1, vl), one_quarter, vl);
    /* exp on [-1/4, 0): rvfw_exp_on_quarter_interval */
    const v32 x = __riscv_vadd_vx_i32m4(__riscv_vsll_vx_i32m4(amq, 5, vl), 1 << 28, vl);
    const v32 x2 = srdhm_vv(x, x, vl), x3 = srdhm_vv(x2, x, vl), x4 = srdhm_vv(x2, x2, vl);
    v32 poly = srdhm_vx(__riscv_vadd_vv_i32m4(rvfw_rdbpot_m4(x4, 2, vl), x3, vl), RVFW_ONE_THIRD_Q31, vl);
    poly = rvfw_rdbpot_m4(__riscv_vadd_vv_i32m4(poly, x2, vl), 1, vl);
    const int32_t exp_minus_eighth = RVFW_EXP_MINUS_EIGHTH_Q31;
    v32 result = __riscv_vadd_vx_i32m4(srdhm_vx(__riscv_vadd_vv_i32m4(x, poly, vl), exp_minus_eighth, vl),
                                       exp_minus_eighth, vl);
    /* times exp(-2^k) for each set bit of the integral part */
    const v32 remainder = __riscv_vsub_vv_i32m4(amq, a, vl);
    for (int k = 0; k < 7; ++k) {
        const vbool8_t bit = __riscv_vmsne_vx_i32m4_b8(__riscv_vand_vx_i32m4(remainder, 1 << (24 + k), vl), 0, vl);
        result = __riscv_vsmul_vx_i32m4_mu(bit, result, result, exp_of_minus_pot[k], __RISCV_VXRM_RNU, vl);
    }
    return __riscv_vmerge_vxm_i32m4(result, INT32_MAX, __riscv_vmseq_vx_i32m4_b8(a, 0, vl), vl);
}

RVFW_KERNEL void rvfw_softmax_s8_rvv(const rvfw_softmax_params *p, const int8_t *input, int8_t *output)
{
    const int32_t depth = p->depth, diff_min = p->diff_min, multiplier = p->input_multiplier;
    const size_t left_shift = (size_t)p->input_left_shift;
    for (int32_t row = 0; row < p->outer_size; ++row) {
        const int8_t *in = input + row * depth;
        int8_t *out = output + row * depth;
        /* The row's maximum. */
        vint8m1_t best = __riscv_vmv_s_x_i8m1(INT8_MIN, 1);
        for (int32_t c = 0; c < depth;) {
            const size_t vl = __riscv_vsetvl_e8m1((size_t)(depth - c));
            best = __riscv_vredmax_vs_i8m1_i8m1(__riscv_vle8_v_i8m1(in + c, vl), best, vl);
            c += (int32_t)vl;
        }
        const int32_t max_in_row = __riscv_vmv_x_s_i8m1_i8(best);
        /* Q12.19 sum of exp(x - max) over the values within diff_min of it. */
        vint32m1_t sum = __riscv_vmv_s_x_i32m1(0, 1);
        for (int32_t c = 0; c < depth;) {
            const size_t vl = __riscv_vsetvl_e32m4((size_t)(depth - c));
            const v32 diff = __riscv_vsub_vx_i32m4(__riscv_vsext_vf4_i32m4(__riscv_vle8_v_i8m1(in + c, vl), vl),
                                                   max_in_row, vl);
            const v32 e = rvfw_rdbpot_m4(exp_on_negative_values(srdhm_vx(__riscv_vsll_vx_i32m4(diff, left_shift, vl),
                                                                 multiplier, vl), vl), 12, vl);
            const v32 counted = __riscv_vmerge_vxm_i32m4(e, 0, __riscv_vmslt_vx_i32m4_b8(diff, diff_min, vl), vl);
            sum = __riscv_vredsum_vs_i32m4_i32m1(counted, sum, vl);
            c += (int32_t)vl;
        }
        const int32_t sum_of_exps = __riscv_vmv_x_s_i32m1_i32(sum);
        int32_t out_shift;
        const int32_t shifted_scale = rvfw_softmax_reciprocal(sum_of_exps, &out_shift);
        for (int32_t c = 0; c < depth;) {
            const size_t vl = __riscv_vsetvl_e32m4((size_t)(depth - c));
            const v32 diff = __riscv_vsub_vx_i32m4(__riscv_vsext_vf4_i32m4(__riscv_vle8_v_i8m1(in + c, vl), vl),
                                                   max_in_row, vl);
            const v32 e = exp_on_negative_values(srdhm_vx(__riscv_vsll_vx_i32m4(diff, left_shift, vl), multiplier, vl),
                                                 vl);
            v32 y = rvfw_rdbpot_m4(srdhm_vx(e, shifted_scale, vl), (size_t)out_shift, vl);
            y = __riscv_vmerge_vxm_i32m4(y, 0, __riscv_vmslt_vx_i32m4_b8(diff, diff_min, vl), vl); /* -> INT8_MIN */
            __riscv_vse8_v_i8m1(out + c, rvfw_narrow_m4_s8(y, INT8_MIN, INT8_MIN, INT8_MAX, vl), vl);
            c += (int32_t)vl;
        }
    }
}
