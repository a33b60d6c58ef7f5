/* SPDX-License-Identifier: Apache-2.0 */
/* SQUARE, float32: x * x. */
#include <math.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_square_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = input[i] * input[i];
}
