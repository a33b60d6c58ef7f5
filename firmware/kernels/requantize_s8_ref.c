/* SPDX-License-Identifier: Apache-2.0 */
/* QUANTIZE int8 -> int8 (a change of scale and zero point): scalar reference. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

void rvfw_requantize_s8_ref(const rvfw_requantize_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->size; ++i) {
        const int32_t v = rvfw_requantize(input[i] - p->input_zero_point, p->multiplier, p->shift);
        output[i] = (int8_t)rvfw_clamp(v + p->output_zero_point, INT8_MIN, INT8_MAX);
    }
}
