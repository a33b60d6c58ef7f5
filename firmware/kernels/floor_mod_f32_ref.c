/* SPDX-License-Identifier: Apache-2.0 */
/* FLOOR_MOD, float32, with broadcasting: TFLite's FloorMod, fmodf's truncated remainder moved by
 * the divisor where its sign differs from the divisor's (the remainder of the floored quotient). */
#include <math.h>

#include "rvfw_broadcast.h"

static float rvfw_floor_mod(float a, float b)
{
    const float r = fmodf(a, b);
    return (r != 0.0f && ((b < 0.0f) != (r < 0.0f))) ? r + b : r;
}

RVFW_KERNEL void rvfw_floor_mod_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act,
                            float *output)
{
#define ELEMENT(ia, ib, io) output[io] = rvfw_clamp_f32(rvfw_floor_mod(a[ia], b[ib]), act)
    RVFW_BROADCAST_FOR(p, ELEMENT);
}
