/* SPDX-License-Identifier: Apache-2.0 */
/* MUL, int16 (16x8), with broadcasting, fast scalar (rvfw_binary_scalar.h): the product requantised
 * and clamped to the activation's int16 range, bit-exact with mul_s16_ref. */
#include "rvfw_binary_scalar.h"

RVFW_KERNEL void rvfw_mul_s16_scalar(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output)
{
#define ELEMENT RVFW_PRODUCT
    RVFW_BINARY_SCALAR(int16_t, p, a, b, output, RVFW_PRODUCT_SETUP(p));
}
