/* SPDX-License-Identifier: Apache-2.0 */
/* QUANTIZE float32 -> int8: round(x / scale) + zero point, in single precision as the reference does. */
#include <math.h>

#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_quantize_f32_s8_ref(const rvfw_affine_params *p, const float *input, int8_t *output)
{
    const float scale = (float)p->scale;
    for (int32_t i = 0; i < p->size; ++i) {
        const int32_t v = (int32_t)roundf(input[i] / scale) + p->zero_point;
        output[i] = (int8_t)rvfw_clamp(v, INT8_MIN, INT8_MAX);
    }
}
