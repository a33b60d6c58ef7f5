/* SPDX-License-Identifier: Apache-2.0 */
/* LOGISTIC, float32, fast scalar for cores without a double-precision FPU: the reference's
 * logistic with its exp in integer arithmetic (rvfw_logisticf_int, rvfw_expf_int.h: bit for bit
 * the reference's expf) instead of a dozen soft-float double operations. */
#include "rvfw_expf_int.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_logistic_f32_scalar(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = rvfw_logisticf_int(input[i]);
}
