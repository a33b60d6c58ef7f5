/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN / SUM, int16 (16x8), fast scalar (rvfw_mean_scalar.h): bit-exact with mean_s16_ref. */
#include "rvfw_mean_scalar.h"

RVFW_KERNEL void rvfw_mean_s16_scalar(const rvfw_reduce_params *p, const int16_t *input, int16_t *output)
{
    RVFW_MEAN_SCALAR(int16_t, INT16_MIN, INT16_MAX, p, input, output);
}
