/* SPDX-License-Identifier: Apache-2.0 */
/* MUL, int16, with broadcasting: (a - za) * (b - zb) requantised by sa * sb / so, clamped to int16. */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_mul_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output)
{
#define MUL16_ELEMENT(ia, ib, io)                                                                                   \
    output[io] = (int16_t)rvfw_clamp(rvfw_requantize((a[ia] + p->input1_offset) * (b[ib] + p->input2_offset),      \
                                                     p->output_multiplier, p->output_shift) +                     \
                                         p->output_offset,                                                        \
                                     p->output_activation_min, p->output_activation_max)
    RVFW_BROADCAST_FOR(p, MUL16_ELEMENT);
}
