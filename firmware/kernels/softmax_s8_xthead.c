/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX int8 -> int8 (output scale 1/256, zero point -128), XTheadVector (C906): the
 * reference's gemmlowp fixed-point arithmetic lane by lane, as softmax_s8_rvv, 16 int32 lanes
 * (LMUL 4, so the exp's temporaries fit in registers). vsmul with round-to-nearest-up is the
 * saturating rounding doubling high multiply; a rounding divide by a power of two (halves away
 * from zero) is vssra after taking one off negative values. The row's maximum stays scalar (int8
 * rows are short), its sum is a reduction, the reciprocal of the sum is scalar once a row.
 *
 * Registers (LMUL 4 groups): v4 x - max, v8 exp, v12 v16 v20 v24 temporaries, v28 the scaled
 * difference, v0 masks. */
#include "rvfw_gemmlowp.h"
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

/* v4 = x - max for the vl values at in; v28 = the difference rescaled to Q5.26; v8 = exp of it
 * (rvfw_exp_on_negative_values(v28, 5)) in Q0.31. */
static inline void exp_of_differences(const int8_t *in, int32_t max_in_row, int32_t multiplier, int32_t left_shift)
{
    static const int32_t exp_of_minus_pot[7] = RVFW_EXP_OF_MINUS_POT;
    const int32_t one_quarter = 1 << 24, exp_minus_eighth = RVFW_EXP_MINUS_EIGHTH_Q31;
    XT_VLB(4, in);
    XT_VADD_VX(4, 4, -max_in_row);
    XT_VSLL_VX(28, 4, left_shift);
    XT_VSMUL_VX(28, 28, multiplier);
    XT_VAND_VX(12, 28, one_quarter - 1);
    XT_VADD_VX(12, 12, -one_quarter); /* v12: a mod 1/4 - 1/4 */
    /* exp on [-1/4, 0) (rvfw_exp_on_quarter_interval): v16 x, v20 x^2, v24 x^3, v8 x^4 */
    XT_VSLL_VX(16, 12, 5);
    XT_VADD_VX(16, 16, 1 << 28);
    XT_VSMUL_VV(20, 16, 16);
    XT_VSMUL_VV(24, 20, 16);
    XT_VSMUL_VV(8, 20, 20);
    RVFW_XT_RDBPOT_VX(8, 2);
    XT_VADD_VV(8, 8, 24);
    XT_VSMUL_VX(8, 8, RVFW_ONE_THIRD_Q31);
    XT_VADD_VV(8, 8, 20);
    RVFW_XT_RDBPOT_VX(8, 1);
    XT_VADD_VV(8, 8, 16);
    XT_VSMUL_VX(8, 8, exp_minus_eighth);
    XT_VADD_VX(8, 8, exp_minus_eighth);
    /* times exp(-2^k) for each set bit of the integral part (v12 becomes the remainder) */
    XT_VSUB_VV(12, 12, 28);
    for (int k = 0; k < 7; ++k) {
        XT_VAND_VX(20, 12, 1 << (24 + k));
        XT_VMSNE_VX(0, 20, 0);
        XT_VSMUL_VX_V0(8, 8, exp_of_minus_pot[k]);
    }
    XT_VMSEQ_VX(0, 28, 0);
    XT_VMERGE_VXM(8, 8, INT32_MAX);
}

RVFW_KERNEL void rvfw_softmax_s8_xthead(const rvfw_softmax_params *p, const int8_t *input, int8_t *output)
{
    rvfw_xt_round_nearest_up();
    const int32_t depth = p->depth, diff_min = p->diff_min, multiplier = p->input_multiplier;
    const int32_t left_shift = p->input_left_shift;
    for (int32_t row = 0; row < p->outer_size; ++row) {
        const int8_t *in = input + row * depth;
        int8_t *out = output + row * depth;
        const int32_t max_in_row = rvfw_row_max_s8(in, depth);
        /* Q12.19 sum of exp(x - max) over the values within diff_min of it. */
        int32_t sum_of_exps = 0;
        for (int32_t c = 0; c < depth;) {
            const size_t vl = rvfw_xt_setvl_e32m4((size_t)(depth - c));
            exp_of_differences(in + c, max_in_row, multiplier, left_shift);
            RVFW_XT_RDBPOT_VX(8, 12);
            XT_VMSLT_VX(0, 4, diff_min);
            XT_VMERGE_VXM(8, 8, 0);
            XT_VMV_VX(16, 0);
            XT_VREDSUM_VS(16, 8, 16);
            intptr_t strip;
            XT_VEXT_X(strip, 16, 0);
            sum_of_exps += (int32_t)strip;
            c += (int32_t)vl;
        }
        int32_t out_shift;
        const int32_t shifted_scale = rvfw_softmax_reciprocal(sum_of_exps, &out_shift);
        for (int32_t c = 0; c < depth;) {
            const size_t vl = rvfw_xt_setvl_e32m4((size_t)(depth - c));
            exp_of_differences(in + c, max_in_row, multiplier, left_shift);
            XT_VSMUL_VX(8, 8, shifted_scale);
            RVFW_XT_RDBPOT_VX(8, out_shift);
            XT_VADD_VX(8, 8, INT8_MIN);
            XT_VMAX_VX(8, 8, INT8_MIN);
            XT_VMIN_VX(8, 8, INT8_MAX);
            XT_VMSLT_VX(0, 4, diff_min);
            XT_VMERGE_VXM(8, 8, INT8_MIN);
            XT_VSB(8, out + c);
            c += (int32_t)vl;
        }
    }
}
