/* SPDX-License-Identifier: Apache-2.0 */
/* SQUARED_DIFFERENCE, int8, with broadcasting, fast scalar (rvfw_binary_scalar.h): both inputs
 * rescaled to a common scale (7 bits of headroom), their difference squared and requantised,
 * bit-exact with squared_difference_s8_ref. */
#include "rvfw_binary_scalar.h"

RVFW_KERNEL void rvfw_squared_difference_s8_scalar(const rvfw_binary_params *p, const int8_t *a, const int8_t *b,
                                                   int8_t *output)
{
#define ELEMENT(x, y)                                                                                              \
    ({                                                                                                            \
        const int32_t d_ = RVFW_RESCALED(x, off1_, 1) - RVFW_RESCALED(y, off2_, 2);                               \
        rvfw_requantize(d_ * d_, mo_, so_);                                                                       \
    })
    RVFW_BINARY_SCALAR(int8_t, p, a, b, output, RVFW_RESCALED_SETUP(p));
}
