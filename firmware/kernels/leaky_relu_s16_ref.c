/* SPDX-License-Identifier: Apache-2.0 */
/* LEAKY_RELU 16x8, reference: TFLite Micro's QuantizeLeakyRelu on int16 (the int8 form is a table,
 * ops/activation.py): two requantisations, one per sign of the input, then the int16 clamp. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_leaky_relu_s16_ref(const rvfw_leaky_relu_params *p, const int16_t *input, int16_t *output)
{
    for (int32_t i = 0; i < p->size; ++i) {
        const int32_t x = (int32_t)input[i] - p->input_zero_point;
        const int32_t v = x >= 0 ? rvfw_requantize(x, p->multiplier_identity, p->shift_identity)
                                 : rvfw_requantize(x, p->multiplier_alpha, p->shift_alpha);
        output[i] = (int16_t)rvfw_clamp(v + p->output_zero_point, INT16_MIN, INT16_MAX);
    }
}
