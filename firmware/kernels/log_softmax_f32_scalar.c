/* SPDX-License-Identifier: Apache-2.0 */
/* LOG_SOFTMAX, float32, fast scalar for cores without a double-precision FPU: the reference's
 * rows (rvfw_softmax_f32.h) with each exp in integer arithmetic (rvfw_expf_int.h, bit for bit the
 * reference's expf); the one logf per row stays in (soft) double. */
#include "rvfw_expf_int.h"
#include "rvfw_softmax_f32.h"

RVFW_KERNEL void rvfw_log_softmax_f32_scalar(const rvfw_softmax_params *p, const float *input, float *output)
{
    RVFW_LOG_SOFTMAX_F32_ROWS(p, input, output, rvfw_expf_int)
}
