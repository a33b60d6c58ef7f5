/* SPDX-License-Identifier: Apache-2.0 */
/* SUB, int16, with broadcasting: TFLite Micro's int16 SUB (the int8 algorithm, 15 bits of headroom). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_sub_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output)
{
#define SUB16_ELEMENT(ia, ib, io)                                                                                   \
    const int32_t x = rvfw_rescaled_input1(p, a[ia]), y = rvfw_rescaled_input2(p, b[ib]);                         \
    output[io] = (int16_t)rvfw_clamp(rvfw_requantize(x - y, p->output_multiplier, p->output_shift) +               \
                                         p->output_offset,                                                        \
                                     p->output_activation_min, p->output_activation_max)
    RVFW_BROADCAST_FOR(p, SUB16_ELEMENT);
}
