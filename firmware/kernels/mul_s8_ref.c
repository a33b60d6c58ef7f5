/* SPDX-License-Identifier: Apache-2.0 */
/* MUL, int8, with broadcasting: (a - za) * (b - zb) requantised by sa * sb / so. */
#include "rvfw_broadcast.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_mul_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define MUL_ELEMENT(ia, ib, io)                                                                                     \
    output[io] = RVFW_OUTPUT_S8(p, (a[ia] + p->input1_offset) * (b[ib] + p->input2_offset), p->output_multiplier,  \
                                p->output_shift)
    RVFW_BROADCAST_FOR(p, MUL_ELEMENT);
}
