/* SPDX-License-Identifier: Apache-2.0 */
/* CUMSUM, float32: rvfw_cumsum.h's loop in single precision. */
#include "rvfw_cumsum.h"

RVFW_KERNEL void rvfw_cumsum_f32_ref(const rvfw_cumsum_params *p, const float *input, float *output)
{
    RVFW_CUMSUM(float, float, p, input, output);
}
