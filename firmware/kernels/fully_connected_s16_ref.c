/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED 16x8, reference: int16 inputs times int8 weights into a 64-bit accumulator, the
 * int64 bias, the 64-bit requantisation per output channel (TFLite Micro's, or with
 * p->single_rounding LiteRT's: rvfw_requantize64_single), the clamp (zero points 0). */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_fully_connected_s16_ref(const rvfw_fc_params *p, const int16_t *input, const int8_t *weights,
                                  const void *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                  int16_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t o = 0; o < p->out_depth; ++o) {
            int64_t acc = 0;
            const int16_t *x = input + b * p->accum_depth;
            const int8_t *w = weights + o * p->accum_depth;
            for (int32_t d = 0; d < p->accum_depth; ++d)
                acc += (int32_t)(w[d] + p->filter_offset) * x[d];
            if (bias)
                acc += p->acc32 ? ((const int32_t *)bias)[o] : ((const int64_t *)bias)[o];
            const int32_t q = p->single_rounding ? rvfw_requantize64_single(acc, output_multiplier[o], output_shift[o])
                                                 : rvfw_requantize_16x8(acc, p->acc32, output_multiplier[o], output_shift[o]);
            const int32_t v = q + p->output_offset;
            output[b * p->out_depth + o] = (int16_t)rvfw_clamp(v, p->output_activation_min, p->output_activation_max);
        }
}
