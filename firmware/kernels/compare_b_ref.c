/* SPDX-License-Identifier: Apache-2.0 */
/* EQUAL and NOT_EQUAL of two bool tensors (one byte each, 0 or 1) with broadcasting, reference: one
 * bool byte per output element (RVFW_COMPARE). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_compare_b_ref(const rvfw_compare_params *p, const uint8_t *a, const uint8_t *b, uint8_t *output)
{
    RVFW_COMPARE(p, a, b, output);
}
