/* SPDX-License-Identifier: Apache-2.0 */
/* LOG_SOFTMAX, float32: TFLite's float reference per row (rvfw_softmax_f32.h) with the host C
 * library's expf and logf (rvfw_expf.h, rvfw_logf.h). */
#include "rvfw_expf.h"
#include "rvfw_softmax_f32.h"

RVFW_KERNEL void rvfw_log_softmax_f32_ref(const rvfw_softmax_params *p, const float *input, float *output)
{
    RVFW_LOG_SOFTMAX_F32_ROWS(p, input, output, rvfw_expf)
}
