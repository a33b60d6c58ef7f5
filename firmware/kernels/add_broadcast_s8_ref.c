/* SPDX-License-Identifier: Apache-2.0 */
/* ADD, int8, with broadcasting (or a constant operand): TFLite Micro's arithmetic (both inputs
 * rescaled to a common scale with 20 bits of headroom, summed, rescaled to the output). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_add_broadcast_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define ADD_ELEMENT(ia, ib, io)                                                                                     \
    const int32_t x = rvfw_rescaled_input1(p, a[ia]), y = rvfw_rescaled_input2(p, b[ib]);                         \
    output[io] = RVFW_OUTPUT_S8(p, x + y, p->output_multiplier, p->output_shift)
    RVFW_BROADCAST_FOR(p, ADD_ELEMENT);
}
