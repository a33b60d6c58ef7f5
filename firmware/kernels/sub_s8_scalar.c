/* SPDX-License-Identifier: Apache-2.0 */
/* SUB, int8, with broadcasting, fast scalar (rvfw_binary_scalar.h): both inputs rescaled to a
 * common scale, their difference requantised, bit-exact with sub_s8_ref. */
#include "rvfw_binary_scalar.h"

RVFW_KERNEL void rvfw_sub_s8_scalar(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define ELEMENT(x, y) RVFW_RESCALED_SUM(x, y, -)
    RVFW_BINARY_SCALAR(int8_t, p, a, b, output, RVFW_RESCALED_SETUP(p));
}
