/* SPDX-License-Identifier: Apache-2.0 */
/* MAX_POOL_2D, int16, reference: the largest of the window's cells inside the input, clamped (rvfw_pool_ref.h). */
#include "rvfw_pool_ref.h"

RVFW_KERNEL void rvfw_maxpool2d_s16_ref(const rvfw_pool_params *p, const int16_t *input, int16_t *output)
{
    RVFW_POOL_REF(int16_t, p, input, output, INT16_MIN, RVFW_POOL_MAX, RVFW_POOL_KEEP);
}
