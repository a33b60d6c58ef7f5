/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX int8 -> int16, fast scalar: the reference's arithmetic with each gemmlowp exp read from
 * a table of its 256 values (exps[diff + 255] for diff = x - max in [-255, 0], computed at build
 * time by codegen.fixedpoint as rvfw_softmax_exp computes them) instead of about 150 instructions
 * an exp, twice per element. */
#include "rvfw_gemmlowp.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_softmax_s8_s16_scalar(const rvfw_softmax_params *p, const int8_t *input, const int32_t *exps,
                                int16_t *output)
{
    const int32_t *exp_of = exps + 255; /* indexed by diff <= 0 */
    for (int32_t row = 0; row < p->outer_size; ++row) {
        const int8_t *in = input + row * p->depth;
        int16_t *out = output + row * p->depth;
        const int32_t max_in_row = rvfw_row_max_s8(in, p->depth);
        const int32_t sum_of_exps = rvfw_sum_of_table_exps_q12(in, p->depth, max_in_row, p->diff_min, exp_of);
        int32_t out_shift;
        const int32_t shifted_scale = rvfw_softmax_reciprocal(sum_of_exps, &out_shift);
        out_shift -= 8; /* num_bits_over_unit + 31 - 16 */
        for (int32_t c = 0; c < p->depth; ++c) {
            const int32_t diff = in[c] - max_in_row;
            out[c] = diff >= p->diff_min ? rvfw_softmax_s16_output(shifted_scale, exp_of[diff], out_shift) : INT16_MIN;
        }
    }
}
