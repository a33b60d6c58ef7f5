/* SPDX-License-Identifier: Apache-2.0 */
/* RSQRT, float32: 1.0f / sqrtf(x), two roundings as TFLite Micro divides. */
#include <math.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_rsqrt_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = 1.0f / sqrtf(input[i]);
}
