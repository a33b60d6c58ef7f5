/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX, int16 in and out, fast scalar: softmax_s16_ref.c with its last step in 32-bit
 * arithmetic. Each exp y <= 32767 and the reciprocal <= 32767, so |y r| < 2^30, and the rounding
 * term 2^(right_shift - 1) <= 2^30 (right_shift = 31 - headroom <= 31): the sum stays below 2^31
 * and the reference's 64-bit product and shift give the same bits in one word, which a 32-bit
 * core does in one multiply instead of a 64-bit product and a shift across words. */
#include "rvfw_kernels.h"
#include "rvfw_lut16.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_softmax_s16_scalar(const rvfw_softmax_params *p, const int16_t *input, const int16_t *exp_lut,
                                         const int16_t *reciprocal_lut, int16_t *output)
{
    const int32_t depth = p->depth, multiplier = p->input_multiplier, left_shift = p->input_left_shift;
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const int16_t *x = input + i * depth;
        int16_t *y = output + i * depth;
        int32_t max = INT16_MIN;
        for (int32_t c = 0; c < depth; ++c)
            max = x[c] > max ? x[c] : max;
        int32_t sum = 0;
        for (int32_t c = 0; c < depth; ++c) {
            /* clamped both ways: a large left shift wraps as the reference's does */
            const int32_t scaled = rvfw_requantize(x[c] - max, multiplier, left_shift) + 32767;
            const int16_t e = rvfw_lut16_lookup((int16_t)rvfw_clamp(scaled, INT16_MIN, INT16_MAX), exp_lut);
            y[c] = e;
            sum += e;
        }
        int right_shift;
        const int32_t reciprocal = rvfw_softmax16_reciprocal(sum, reciprocal_lut, &right_shift);
        const int32_t round = (int32_t)(1u << (right_shift - 1));
        for (int32_t c = 0; c < depth; ++c) {
            const int32_t v = (y[c] * reciprocal + round) >> right_shift;
            y[c] = (int16_t)(v < 0 ? 0 : v > 32767 ? 32767 : v);
        }
    }
}
