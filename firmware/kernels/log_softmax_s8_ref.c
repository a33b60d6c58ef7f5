/* SPDX-License-Identifier: Apache-2.0 */
/* LOG_SOFTMAX int8 -> int8 (output scale 16/256, zero point 127), reference: TFLite Micro's integer
 * form: differences to the row maximum in Q5.26, exp summed in Q12.19, log of the sum, each output
 * its difference less that log, in Q4.27. */
#include "rvfw_gemmlowp.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_log_softmax_s8_ref(const rvfw_log_softmax_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t row = 0; row < p->outer_size; ++row) {
        const int8_t *in = input + row * p->depth;
        int8_t *out = output + row * p->depth;
        const int32_t max_in_row = rvfw_row_max_s8(in, p->depth);
        const int32_t log_sum = rvfw_log_q12_to_q5(
            rvfw_sum_of_exps_q12(in, p->depth, max_in_row, p->diff_min, p->input_multiplier, p->input_left_shift));
        const int32_t shifted = (int32_t)((uint32_t)log_sum + (uint32_t)INT32_MIN);
        const int32_t reverse = rvfw_requantize(shifted, p->reverse_multiplier, p->reverse_shift);
        const int32_t adjusted_diff_min = p->diff_min - 1 > reverse ? p->diff_min - 1 : reverse;
        for (int32_t c = 0; c < p->depth; ++c) {
            const int32_t diff = in[c] - max_in_row;
            if (diff > adjusted_diff_min) {
                const int32_t scaled = rvfw_requantize(diff, p->input_multiplier, p->input_left_shift);
                const int32_t v = rvfw_rounding_divide_by_pot(scaled - log_sum, 31 - 5 - 4) + 127;
                out[c] = (int8_t)rvfw_clamp(v, INT8_MIN, INT8_MAX);
            } else {
                out[c] = INT8_MIN;
            }
        }
    }
}
