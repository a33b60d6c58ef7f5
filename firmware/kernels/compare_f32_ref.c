/* SPDX-License-Identifier: Apache-2.0 */
/* EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL of two float tensors with broadcasting,
 * reference: one bool byte (0 or 1) per output element; p->comparison picks the relation. */
#include "rvfw_broadcast.h"

void rvfw_compare_f32_ref(const rvfw_compare_params *p, const float *a, const float *b, uint8_t *output)
{
    switch (p->comparison) {
#define ELEMENT_EQ(ia, ib, io) output[io] = a[ia] == b[ib]
#define ELEMENT_NE(ia, ib, io) output[io] = a[ia] != b[ib]
#define ELEMENT_LT(ia, ib, io) output[io] = a[ia] < b[ib]
#define ELEMENT_LE(ia, ib, io) output[io] = a[ia] <= b[ib]
#define ELEMENT_GT(ia, ib, io) output[io] = a[ia] > b[ib]
#define ELEMENT_GE(ia, ib, io) output[io] = a[ia] >= b[ib]
    case 0: RVFW_BROADCAST_FOR(p, ELEMENT_EQ); break;
    case 1: RVFW_BROADCAST_FOR(p, ELEMENT_NE); break;
    case 2: RVFW_BROADCAST_FOR(p, ELEMENT_LT); break;
    case 3: RVFW_BROADCAST_FOR(p, ELEMENT_LE); break;
    case 4: RVFW_BROADCAST_FOR(p, ELEMENT_GT); break;
    default: RVFW_BROADCAST_FOR(p, ELEMENT_GE); break;
    }
}
