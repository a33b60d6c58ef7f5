/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN / SUM, int8, fast scalar (rvfw_mean_scalar.h): bit-exact with mean_s8_ref. */
#include "rvfw_mean_scalar.h"

RVFW_KERNEL void rvfw_mean_s8_scalar(const rvfw_reduce_params *p, const int8_t *input, int8_t *output)
{
    RVFW_MEAN_SCALAR(int8_t, INT8_MIN, INT8_MAX, p, input, output);
}
