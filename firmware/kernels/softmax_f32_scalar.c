/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX, float32, fast scalar for cores without a double-precision FPU: the reference's rows
 * (rvfw_softmax_f32.h) with each exp in integer arithmetic (rvfw_expf_int.h, bit for bit the
 * reference's expf) instead of a dozen soft-float double operations. */
#include "rvfw_expf_int.h"
#include "rvfw_softmax_f32.h"

RVFW_KERNEL void rvfw_softmax_f32_scalar(const rvfw_softmax_params *p, const float *input, const float *beta, float *output)
{
    RVFW_SOFTMAX_F32_ROWS(p, input, beta, output, rvfw_expf_int)
}
