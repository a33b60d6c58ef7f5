/* SPDX-License-Identifier: Apache-2.0 */
/* DEQUANTIZE uint8 -> float32 (a model converted with uint8 I/O): scale * (q - zero point) in
 * double, then rounded to float, as TFLite Micro's reference Dequantize. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_dequantize_u8_f32_ref(const rvfw_affine_params *p, const uint8_t *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = (float)(p->scale * (double)(input[i] - p->zero_point));
}
