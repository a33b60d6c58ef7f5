/* SPDX-License-Identifier: Apache-2.0 */
/* AVERAGE_POOL_2D, int16, reference: the window's cells inside the input summed in int32, divided by their count rounding half away from zero, clamped (rvfw_pool_ref.h). */
#include "rvfw_pool_ref.h"

RVFW_KERNEL void rvfw_avgpool2d_s16_ref(const rvfw_pool_params *p, const int16_t *input, int16_t *output)
{
    RVFW_POOL_REF(int16_t, p, input, output, 0, RVFW_POOL_SUM, RVFW_POOL_AVERAGE);
}
