/* SPDX-License-Identifier: Apache-2.0 */
/* EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL of two int8 tensors with broadcasting,
 * reference. TFLite Micro compares the inputs rescaled to a common scale (each value less its zero
 * point, shifted left 8, times its scale as a Q31 multiplier); codegen.ops.compare computes those
 * rescaled values at build time, one table of 256 per input (keys[0..255] for a, keys[256..511] for
 * b, indexed by value + 128), so each element is two loads and a comparison. */
#include "rvfw_broadcast.h"

#define RVFW_KEY_A(ia) keys[a[ia] + 128]
#define RVFW_KEY_B(ib) keys[256 + b[ib] + 128]
#define RVFW_S8_EQ(ia, ib, io) output[io] = RVFW_KEY_A(ia) == RVFW_KEY_B(ib)
#define RVFW_S8_NE(ia, ib, io) output[io] = RVFW_KEY_A(ia) != RVFW_KEY_B(ib)
#define RVFW_S8_LT(ia, ib, io) output[io] = RVFW_KEY_A(ia) < RVFW_KEY_B(ib)
#define RVFW_S8_LE(ia, ib, io) output[io] = RVFW_KEY_A(ia) <= RVFW_KEY_B(ib)
#define RVFW_S8_GT(ia, ib, io) output[io] = RVFW_KEY_A(ia) > RVFW_KEY_B(ib)
#define RVFW_S8_GE(ia, ib, io) output[io] = RVFW_KEY_A(ia) >= RVFW_KEY_B(ib)

RVFW_KERNEL void rvfw_compare_s8_ref(const rvfw_compare_params *p, const int8_t *a, const int8_t *b,
                                     const int32_t *keys, uint8_t *output)
{
    switch (p->comparison) {
    case 0: RVFW_BROADCAST_FOR(p, RVFW_S8_EQ); break;
    case 1: RVFW_BROADCAST_FOR(p, RVFW_S8_NE); break;
    case 2: RVFW_BROADCAST_FOR(p, RVFW_S8_LT); break;
    case 3: RVFW_BROADCAST_FOR(p, RVFW_S8_LE); break;
    case 4: RVFW_BROADCAST_FOR(p, RVFW_S8_GT); break;
    default: RVFW_BROADCAST_FOR(p, RVFW_S8_GE); break;
    }
}
