/* SPDX-License-Identifier: Apache-2.0 */
/* SQUARED_DIFFERENCE, int16 (16x8: zero points 0), with broadcasting: TFLite Micro's int8
 * algorithm with no headroom shift (left_shift 0: the square of a 16-bit difference fits int32),
 * the squared difference requantised and clamped to int16. */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_squared_difference_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b,
                                                 int16_t *output)
{
#define SQDIFF16_ELEMENT(ia, ib, io)                                                                               \
    const int32_t x = rvfw_rescaled_input1(p, a[ia]), y = rvfw_rescaled_input2(p, b[ib]);                         \
    output[io] = (int16_t)rvfw_clamp(rvfw_requantize((x - y) * (x - y), p->output_multiplier, p->output_shift) +   \
                                         p->output_offset,                                                        \
                                     p->output_activation_min, p->output_activation_max)
    RVFW_BROADCAST_FOR(p, SQDIFF16_ELEMENT);
}
