/* SPDX-License-Identifier: Apache-2.0 */
/* SIGN, float32, as LiteRT's reference gives it (TFLite Micro has no SIGN): 1.0 or -1.0, 0.0 for
 * either zero, and a NaN passed through. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_sign_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i) {
        const float x = input[i];
        output[i] = x != x ? x : x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : 0.0f;
    }
}
