/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX, float32, reference: TFLite Micro's float kernel (rvfw_softmax_f32.h) with the host C
 * library's expf (rvfw_expf.h). */
#include "rvfw_expf.h"
#include "rvfw_softmax_f32.h"

RVFW_KERNEL void rvfw_softmax_f32_ref(const rvfw_softmax_params *p, const float *input, const float *beta, float *output)
{
    RVFW_SOFTMAX_F32_ROWS(p, input, beta, output, rvfw_expf)
}
