/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX, int16 in and out: TFLite's SoftmaxInt16. Per row: exp(x - max) from a 513-entry table
 * over [-10, 0] (the difference scaled so that -65535 is -10), summed in Q16.15; the sum
 * normalised by its leading zeros and looked up in the 1 / (1 + x) table; each exp times that
 * reciprocal, shifted back and clamped to [0, 32767]. The exps are kept in the output row. */
#include "rvfw_kernels.h"
#include "rvfw_lut16.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_softmax_s16_ref(const rvfw_softmax_params *p, const int16_t *input, const int16_t *exp_lut,
                          const int16_t *reciprocal_lut, int16_t *output)
{
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const int16_t *x = input + i * p->depth;
        int16_t *y = output + i * p->depth;
        int16_t max = INT16_MIN;
        for (int32_t c = 0; c < p->depth; ++c)
            max = x[c] > max ? x[c] : max;
        int32_t sum = 0;
        for (int32_t c = 0; c < p->depth; ++c) {
            const int32_t scaled = rvfw_requantize(x[c] - max, p->input_multiplier, p->input_left_shift);
            y[c] = rvfw_lut16_lookup((int16_t)rvfw_clamp(scaled + 32767, INT16_MIN, INT16_MAX), exp_lut);
            sum += y[c];
        }
        int right_shift;
        const int16_t reciprocal = rvfw_softmax16_reciprocal(sum, reciprocal_lut, &right_shift);
        const int64_t round = (int64_t)1 << (right_shift - 1);
        for (int32_t c = 0; c < p->depth; ++c) {
            const int32_t v = (int32_t)(((int64_t)y[c] * reciprocal + round) >> right_shift);
            y[c] = (int16_t)rvfw_clamp(v, 0, 32767);
        }
    }
}
