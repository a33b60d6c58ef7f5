/* SPDX-License-Identifier: Apache-2.0 */
/* MAX_POOL_2D, int8, fast scalar: the reference's maximum with the channels innermost
 * (rvfw_pool_scalar.h). */
#include "rvfw_pool_scalar.h"

RVFW_KERNEL void rvfw_maxpool2d_s8_scalar(const rvfw_pool_params *p, const int8_t *input, int8_t *output)
{
    RVFW_POOL_SCALAR(int8_t, p, input, output, INT8_MIN, RVFW_POOL_MAX, RVFW_POOL_KEEP);
}
