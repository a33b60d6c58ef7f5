/* SPDX-License-Identifier: Apache-2.0 */
/* ABS, int16: |x - input zero point| requantised (the identity multiplier where the two scales are
 * equal), plus the output zero point, clamped to [output_min, output_max] (TFLite Micro's
 * AbsEvalQuantized<int16_t>). */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_abs_s16_ref(const rvfw_requantize_params *p, const int16_t *input, int16_t *output)
{
    for (int32_t i = 0; i < p->size; ++i) {
        const int32_t v = input[i] - p->input_zero_point;
        const int32_t magnitude = v < 0 ? -v : v;
        output[i] = (int16_t)rvfw_clamp(rvfw_requantize(magnitude, p->multiplier, p->shift) + p->output_zero_point,
                                        p->output_min, p->output_max);
    }
}
