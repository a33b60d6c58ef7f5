/* SPDX-License-Identifier: Apache-2.0 */
/* LOGISTIC, float32: TFLite's reference logistic on the host C library's expf (rvfw_expf.h). */
#include "rvfw_expf.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_logistic_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = rvfw_logisticf(input[i]);
}
