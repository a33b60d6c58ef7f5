/* SPDX-License-Identifier: Apache-2.0 */
/* LOGICAL_AND (comparison 0) and LOGICAL_OR (1) of two bool tensors (one byte each, 0 or 1) with
 * broadcasting as rvfw_binary_params lays it out: one bool byte per output element. */
#include "rvfw_broadcast.h"

#define RVFW_LOGICAL_AND(ia, ib, io) output[io] = (uint8_t)(a[ia] && b[ib])
#define RVFW_LOGICAL_OR(ia, ib, io) output[io] = (uint8_t)(a[ia] || b[ib])

RVFW_KERNEL void rvfw_logical_b_ref(const rvfw_compare_params *p, const uint8_t *a, const uint8_t *b, uint8_t *output)
{
    if (p->comparison == 0)
        RVFW_BROADCAST_FOR(p, RVFW_LOGICAL_AND);
    else
        RVFW_BROADCAST_FOR(p, RVFW_LOGICAL_OR);
}
