/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED 16x8, fast scalar: the reference's sums in runs of 32-bit arithmetic
 * (rvfw_s16_scalar.h), then its bias, requantisation (TFLite Micro's, or LiteRT's with
 * p->single_rounding) and clamp. Bit-exact with the reference. */
#include "rvfw_s16_scalar.h"

RVFW_KERNEL void rvfw_fully_connected_s16_scalar(const rvfw_fc_params *p, const int16_t *input, const int8_t *weights,
                                     const void *bias, const int32_t *output_multiplier,
                                     const int32_t *output_shift, int16_t *output)
{
    const int32_t depth = p->accum_depth, outs = p->out_depth;
    for (int32_t b = 0; b < p->batches; ++b) {
        const int16_t *x = input + b * depth;
        for (int32_t o = 0; o < outs; ++o) {
            int64_t acc = rvfw_dot_s16(x, weights + o * depth, depth, p->filter_offset);
            if (p->single_rounding) { /* LiteRT's rounding (rvfw_requantize64_single) */
                if (bias)
                    acc += p->acc32 ? ((const int32_t *)bias)[o] : ((const int64_t *)bias)[o];
                const int32_t v = rvfw_requantize64_single(acc, output_multiplier[o], output_shift[o]) + p->output_offset;
                output[b * outs + o] = (int16_t)rvfw_clamp(v, p->output_activation_min, p->output_activation_max);
                continue;
            }
            output[b * outs + o] = rvfw_output_s16(acc, bias, o, p->acc32, output_multiplier[o], output_shift[o],
                                                   p->output_offset, p->output_activation_min,
                                                   p->output_activation_max);
        }
    }
}
