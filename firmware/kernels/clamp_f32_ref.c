/* SPDX-License-Identifier: Apache-2.0 */
/* RELU and RELU6, float32: each value clamped to act = {min, max}. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_clamp_f32_ref(const rvfw_lut_params *p, const float *input, const float *act, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = rvfw_clamp_f32(input[i], act);
}
