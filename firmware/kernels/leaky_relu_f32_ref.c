/* SPDX-License-Identifier: Apache-2.0 */
/* LEAKY_RELU, float32: x > 0 ? x : x * alpha (TFLite's, which allows any alpha). */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_leaky_relu_f32_ref(const rvfw_lut_params *p, const float *input, const float *alpha, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = input[i] > 0.0f ? input[i] : input[i] * alpha[0];
}
