/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX int8 -> int16 (output scale 1/65536, zero point -32768): the int8 kernel's gemmlowp exp
 * and reciprocal, the result rounded to 16 bits instead of 8 (TFLite Micro's Softmax<int8_t, int16_t>:
 * the keyword model with SVDF layers ends with it). */
#include "rvfw_kernels.h"
#include "rvfw_gemmlowp.h"

RVFW_KERNEL void rvfw_softmax_s8_s16_ref(const rvfw_softmax_params *p, const int8_t *input, int16_t *output)
{
    for (int32_t row = 0; row < p->outer_size; ++row) {
        const int8_t *in = input + row * p->depth;
        int16_t *out = output + row * p->depth;
        const int32_t max_in_row = rvfw_row_max_s8(in, p->depth);
        const int32_t sum_of_exps = /* Q12.19 */
            rvfw_sum_of_exps_q12(in, p->depth, max_in_row, p->diff_min, p->input_multiplier, p->input_left_shift);

        int32_t out_shift;
        const int32_t shifted_scale = rvfw_softmax_reciprocal(sum_of_exps, &out_shift);
        out_shift -= 8; /* num_bits_over_unit + 31 - 16 */

        for (int32_t c = 0; c < p->depth; ++c) {
            const int32_t diff = in[c] - max_in_row;
            out[c] = diff >= p->diff_min
                         ? rvfw_softmax_s16_output(
                               shifted_scale, rvfw_softmax_exp(diff, p->input_multiplier, p->input_left_shift), out_shift)
                         : INT16_MIN;
        }
    }
}
