/* SPDX-License-Identifier: Apache-2.0 */
/* MUL, int8, with broadcasting, fast scalar (rvfw_binary_scalar.h): (a - za) * (b - zb)
 * requantised by sa * sb / so, bit-exact with mul_s8_ref. */
#include "rvfw_binary_scalar.h"

RVFW_KERNEL void rvfw_mul_s8_scalar(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define ELEMENT RVFW_PRODUCT
    RVFW_BINARY_SCALAR(int8_t, p, a, b, output, RVFW_PRODUCT_SETUP(p));
}
