/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX int8 -> int8 (output scale 1/256, zero point -128): scalar reference.
 * Fixed-point exp and reciprocal in the gemmlowp formulation TFLite Micro uses:
 * differences to the row maximum are rescaled to Q5.26, exp() is evaluated in
 * Q0.31, the sum is accumulated in Q12.19. */
#include "rvfw_kernels.h"
#include "rvfw_gemmlowp.h"

RVFW_KERNEL void rvfw_softmax_s8_ref(const rvfw_softmax_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t row = 0; row < p->outer_size; ++row) {
        const int8_t *in = input + row * p->depth;
        int8_t *out = output + row * p->depth;
        const int32_t max_in_row = rvfw_row_max_s8(in, p->depth);
        const int32_t sum_of_exps = /* Q12.19 */
            rvfw_sum_of_exps_q12(in, p->depth, max_in_row, p->diff_min, p->input_multiplier, p->input_left_shift);

        int32_t out_shift;
        const int32_t shifted_scale = rvfw_softmax_reciprocal(sum_of_exps, &out_shift);

        for (int32_t c = 0; c < p->depth; ++c) {
            const int32_t diff = in[c] - max_in_row;
            if (diff >= p->diff_min) {
                const int32_t exp_in_0 = rvfw_softmax_exp(diff, p->input_multiplier, p->input_left_shift);
                const int32_t unsat = rvfw_rounding_divide_by_pot(rvfw_srdhm(shifted_scale, exp_in_0), out_shift);
                out[c] = (int8_t)rvfw_clamp(unsat + INT8_MIN, INT8_MIN, INT8_MAX);
            } else {
                out[c] = INT8_MIN;
            }
        }
    }
}
