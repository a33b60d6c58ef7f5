/* SPDX-License-Identifier: Apache-2.0 */
/* SUB, int8, with broadcasting: as ADD (common scale, 20 bits of headroom), the difference
 * rescaled to the output. */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_sub_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define SUB_ELEMENT(ia, ib, io)                                                                                     \
    const int32_t x = rvfw_rescaled_input1(p, a[ia]), y = rvfw_rescaled_input2(p, b[ib]);                         \
    output[io] = RVFW_OUTPUT_S8(p, x - y, p->output_multiplier, p->output_shift)
    RVFW_BROADCAST_FOR(p, SUB_ELEMENT);
}
