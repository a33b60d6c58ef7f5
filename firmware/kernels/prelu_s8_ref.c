/* SPDX-License-Identifier: Apache-2.0 */
/* PRELU, int8, alpha broadcast over the input: x - zx >= 0 rescaled by sx / so, else
 * (x - zx) * (alpha - za) rescaled by sx * sa / so (TFLite Micro's two multipliers). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_prelu_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define PRELU_ELEMENT(ia, ib, io)                                                                                   \
    const int32_t x = a[ia] + p->input1_offset;                                                                   \
    const int32_t v = x >= 0 ? rvfw_requantize(x, p->input1_multiplier, p->input1_shift)                          \
                             : rvfw_requantize(x * (b[ib] + p->input2_offset), p->output_multiplier,              \
                                               p->output_shift);                                                  \
    output[io] = (int8_t)rvfw_clamp(v + p->output_offset, INT8_MIN, INT8_MAX)
    RVFW_BROADCAST_FOR(p, PRELU_ELEMENT);
}
