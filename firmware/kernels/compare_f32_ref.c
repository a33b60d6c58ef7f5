/* SPDX-License-Identifier: Apache-2.0 */
/* EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL of two float tensors with broadcasting,
 * reference: one bool byte (0 or 1) per output element (RVFW_COMPARE). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_compare_f32_ref(const rvfw_compare_params *p, const float *a, const float *b, uint8_t *output)
{
    RVFW_COMPARE(p, a, b, output);
}
