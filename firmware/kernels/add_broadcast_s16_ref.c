/* SPDX-License-Identifier: Apache-2.0 */
/* ADD 16x16 with broadcasting, reference: TFLite Micro's int16 ADD (as int8 with 15 bits of
 * headroom: inputs to a common scale, summed, rescaled, clamped to the int16 activation range). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_add_broadcast_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output)
{
#define ADD16_ELEMENT(ia, ib, io)                                                                                   \
    const int32_t x = rvfw_rescaled_input1(p, a[ia]), y = rvfw_rescaled_input2(p, b[ib]);                         \
    output[io] = (int16_t)rvfw_clamp(rvfw_requantize(x + y, p->output_multiplier, p->output_shift) +               \
                                         p->output_offset,                                                        \
                                     p->output_activation_min, p->output_activation_max)
    RVFW_BROADCAST_FOR(p, ADD16_ELEMENT);
}
