/* SPDX-License-Identifier: Apache-2.0 */
/* SQUARED_DIFFERENCE, int8, with broadcasting: both inputs to a common scale with 7 bits of
 * headroom (255^2 * 2^14 still fits int32), the difference squared, requantised. */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_squared_difference_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define SQDIFF_ELEMENT(ia, ib, io)                                                                                     \
    const int32_t x = rvfw_rescaled_input1(p, a[ia]), y = rvfw_rescaled_input2(p, b[ib]);                         \
    output[io] = RVFW_OUTPUT_S8(p, (x - y) * (x - y), p->output_multiplier, p->output_shift)
    RVFW_BROADCAST_FOR(p, SQDIFF_ELEMENT);
}
