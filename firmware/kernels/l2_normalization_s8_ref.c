/* SPDX-License-Identifier: Apache-2.0 */
/* L2_NORMALIZATION, int8, reference: per row, x / sqrt(sum x^2) (x without its zero point) as
 * TFLite Micro computes it: the inverse square root as a multiplier and shift, output in 1/128;
 * where LiteRT is the reference, 128 x by the multiplier and shift as LiteRT does (p->times128):
 * its two roundings then fall elsewhere (186 of 24,600 uint8 outputs differ between the two). */
#include "rvfw_gemmlowp.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_l2_normalization_s8_ref(const rvfw_l2norm_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t row = 0; row < p->outer; ++row) {
        const int8_t *in = input + row * p->depth;
        int32_t acc = 0;
        for (int32_t c = 0; c < p->depth; ++c) {
            const int32_t x = in[c] - p->input_zero_point;
            acc += x * x;
        }
        int32_t multiplier, shift;
        rvfw_inv_sqrt_multiplier(acc, &multiplier, &shift);
        for (int32_t c = 0; c < p->depth; ++c) {
            const int32_t x = in[c] - p->input_zero_point;
            const int32_t y = p->times128 ? rvfw_requantize(128 * x, multiplier, shift)
                                          : rvfw_requantize(x, multiplier, shift + 7);
            output[row * p->depth + c] = (int8_t)rvfw_clamp(y, INT8_MIN, INT8_MAX);
        }
    }
}
