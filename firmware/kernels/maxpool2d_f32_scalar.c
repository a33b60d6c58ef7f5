/* SPDX-License-Identifier: Apache-2.0 */
/* MAX_POOL_2D, float32, fast scalar: the reference's maximum (the same comparison, cells in the same
 * order, so -0 and NaN come out as its do) with the channels innermost (rvfw_pool_scalar.h), then
 * its clamp. */
#include "rvfw_pool_scalar.h"

RVFW_KERNEL void rvfw_maxpool2d_f32_scalar(const rvfw_pool_params *p, const float *input, const float *act, float *output)
{
#define CLAMP(p, acc) rvfw_clamp_f32(acc, act)
    RVFW_POOL_SCALAR_T(float, float, p, input, output, -3.40282347e+38f, RVFW_POOL_MAX, RVFW_POOL_KEEP, CLAMP);
}
