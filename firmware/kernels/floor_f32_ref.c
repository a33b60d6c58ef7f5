/* SPDX-License-Identifier: Apache-2.0 */
/* FLOOR, float32: floorf (TFLite Micro's std::floor). */
#include <math.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_floor_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = floorf(input[i]);
}
