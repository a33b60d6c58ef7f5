/* SPDX-License-Identifier: Apache-2.0 */
/* ABS, float32: fabsf (the sign bit cleared). */
#include <math.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_abs_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = fabsf(input[i]);
}
