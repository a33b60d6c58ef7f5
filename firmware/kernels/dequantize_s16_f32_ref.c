/* SPDX-License-Identifier: Apache-2.0 */
/* DEQUANTIZE int16 -> float32, reference: scale * (x - zero point). */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_dequantize_s16_f32_ref(const rvfw_affine_params *p, const int16_t *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = (float)(p->scale * (double)(input[i] - p->zero_point));
}
