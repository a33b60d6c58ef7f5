/* SPDX-License-Identifier: Apache-2.0 */
/* PRELU, int16 input and output with int8 alpha (what TFLite Micro takes for 16x8), alpha broadcast
 * over the input: x - zx >= 0 rescaled by sx / so, else (x - zx) * (alpha - za) rescaled by
 * sx * sa / so, clamped to int16 (TFLite Micro's two multipliers, as for int8). |x| <= 65535 and
 * |alpha - za| <= 255 keep the product inside int32. */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_prelu_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int8_t *b, int16_t *output)
{
#define PRELU_S16_ELEMENT(ia, ib, io)                                                                               \
    const int32_t x = a[ia] + p->input1_offset;                                                                   \
    const int32_t v = x >= 0 ? rvfw_requantize(x, p->input1_multiplier, p->input1_shift)                          \
                             : rvfw_requantize(x * (b[ib] + p->input2_offset), p->output_multiplier,              \
                                               p->output_shift);                                                  \
    output[io] = (int16_t)rvfw_clamp(v + p->output_offset, INT16_MIN, INT16_MAX)
    RVFW_BROADCAST_FOR(p, PRELU_S16_ELEMENT);
}
