/* SPDX-License-Identifier: Apache-2.0 */
/* MAX_POOL_2D, int8, reference: the largest of the window's cells inside the input, clamped (rvfw_pool_ref.h). */
#include "rvfw_pool_ref.h"

RVFW_KERNEL void rvfw_maxpool2d_s8_ref(const rvfw_pool_params *p, const int8_t *input, int8_t *output)
{
    RVFW_POOL_REF(int8_t, p, input, output, INT8_MIN, RVFW_POOL_MAX, RVFW_POOL_KEEP);
}
