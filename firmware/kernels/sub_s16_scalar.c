/* SPDX-License-Identifier: Apache-2.0 */
/* SUB, int16 (16x8), with broadcasting, fast scalar (rvfw_binary_scalar.h): both inputs rescaled to a common scale (15 bits of headroom), their difference requantised
 * and clamped to the activation's int16 range, bit-exact with sub_s16_ref. */
#include "rvfw_binary_scalar.h"

RVFW_KERNEL void rvfw_sub_s16_scalar(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output)
{
#define ELEMENT(x, y) RVFW_RESCALED_SUM(x, y, -)
    RVFW_BINARY_SCALAR(int16_t, p, a, b, output, RVFW_RESCALED_SETUP(p));
}
