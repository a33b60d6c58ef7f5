/* SPDX-License-Identifier: Apache-2.0 */
/* SQRT, float32: sqrtf (IEEE: correctly rounded, as the host's). */
#include <math.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_sqrt_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = sqrtf(input[i]);
}
