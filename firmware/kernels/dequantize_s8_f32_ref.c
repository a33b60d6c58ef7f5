/* SPDX-License-Identifier: Apache-2.0 */
/* DEQUANTIZE int8 -> float32: scale * (q - zero point) in double, then rounded to float. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_dequantize_s8_f32_ref(const rvfw_affine_params *p, const int8_t *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = (float)(p->scale * (double)(input[i] - p->zero_point));
}
