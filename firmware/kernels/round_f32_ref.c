/* SPDX-License-Identifier: Apache-2.0 */
/* ROUND, float32: to the nearest integer, halves to even (TFLite's RoundToNearest). */
#include <math.h>

#include "rvfw_kernels.h"

/* floor, then up where the rest is over a half or a half above an odd floor: RoundToNearest's
 * steps, with the parity read from the float (no int cast: exact for every float). */
static float rvfw_round_half_even(float x)
{
    const float lower = floorf(x);
    const float rest = x - lower;
    if (rest < 0.5f || (rest == 0.5f && fmodf(lower, 2.0f) == 0.0f))
        return lower;
    return lower + 1.0f;
}

RVFW_KERNEL void rvfw_round_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = rvfw_round_half_even(input[i]);
}
