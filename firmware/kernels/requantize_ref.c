/* SPDX-License-Identifier: Apache-2.0 */
/* QUANTIZE between integer types (int8, int16 or int32 in; int8, int16 or int32 out), reference: (x - input
 * zero point) requantised, plus the output zero point, clamped to [output_min, output_max] (TFLite
 * Micro's Requantize: the output type's range; its int16 RELU and RELU6: the activation's). */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_requantize_ref(const rvfw_requantize_params *p, const void *input, void *output)
{
    const int32_t lo = p->output_min, hi = p->output_max;
    for (int32_t i = 0; i < p->size; ++i) {
        const int32_t x = p->input_bytes == 4   ? ((const int32_t *)input)[i]
                          : p->input_bytes == 2 ? ((const int16_t *)input)[i]
                                                : ((const int8_t *)input)[i];
        const int32_t v = rvfw_clamp(rvfw_requantize(x - p->input_zero_point, p->multiplier, p->shift) +
                                         p->output_zero_point,
                                     lo, hi);
        if (p->output_bytes == 4)
            ((int32_t *)output)[i] = v;
        else if (p->output_bytes == 2)
            ((int16_t *)output)[i] = (int16_t)v;
        else
            ((int8_t *)output)[i] = (int8_t)v;
    }
}
