/* SPDX-License-Identifier: Apache-2.0 */
/* QUANTIZE float32 -> int16, reference: round(x / scale) + zero point, clamped (TFLite Micro's
 * AffineQuantize). */
#include <math.h>

#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_quantize_f32_s16_ref(const rvfw_affine_params *p, const float *input, int16_t *output)
{
    const float scale = (float)p->scale;
    for (int32_t i = 0; i < p->size; ++i) {
        const int32_t v = (int32_t)roundf(input[i] / scale) + p->zero_point;
        output[i] = (int16_t)rvfw_clamp(v, INT16_MIN, INT16_MAX);
    }
}
