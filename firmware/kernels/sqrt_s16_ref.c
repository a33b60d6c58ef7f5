/* SPDX-License-Identifier: Apache-2.0 */
/* SQRT, int16, reference: LiteRT's (TFLite Micro has no int16 SQRT), measured on its interpreter
 * over every non-negative input at two pairs of scales: per element, the input dequantized in
 * single precision, sqrtf, divided by the output scale and truncated toward zero, plus the output
 * zero point, clamped. LiteRT stops its inference on a negative value; here that value gives the
 * output zero point. scales: the input's and the output's. */
#include <math.h>

#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_sqrt_s16_ref(const rvfw_requantize_params *p, const int16_t *input, const float *scales,
                                   int16_t *output)
{
    for (int32_t i = 0; i < p->size; ++i) {
        const float x = scales[0] * (float)(input[i] - p->input_zero_point);
        const int32_t q = x > 0.0f ? (int32_t)(sqrtf(x) / scales[1]) : 0; /* |sqrt| / scale < 2^31 */
        output[i] = (int16_t)rvfw_clamp(q + p->output_zero_point, INT16_MIN, INT16_MAX);
    }
}
