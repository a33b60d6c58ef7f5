/* SPDX-License-Identifier: Apache-2.0 */
/* AVERAGE_POOL_2D, int8, fast scalar: the reference's sum and rounded average with the channels
 * innermost (rvfw_pool_scalar.h). */
#include "rvfw_pool_scalar.h"

RVFW_KERNEL void rvfw_avgpool2d_s8_scalar(const rvfw_pool_params *p, const int8_t *input, int8_t *output)
{
    RVFW_POOL_SCALAR(int8_t, p, input, output, 0, RVFW_POOL_SUM, RVFW_POOL_AVERAGE);
}
