/* SPDX-License-Identifier: Apache-2.0 */
/* HARD_SWISH, float32: x * min(6, max(0, x + 3)) / 6, in TFLite's order of operations. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_hard_swish_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i) {
        const float x = input[i], shifted = x + 3.0f;
        const float relu = 0.0f < shifted ? shifted : 0.0f;
        const float relu6 = relu < 6.0f ? relu : 6.0f;
        output[i] = x * relu6 / 6.0f;
    }
}
