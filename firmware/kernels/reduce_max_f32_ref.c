/* SPDX-License-Identifier: Apache-2.0 */
/* REDUCE_MAX (multiplier 1) and REDUCE_MIN (0), float32: from the lowest (highest) float, each
 * element that is greater (less) replaces the current one, in row-major order. */
#include <float.h>

#include "rvfw_reduce.h"

RVFW_KERNEL void rvfw_reduce_max_f32_ref(const rvfw_reduce_params *p, const float *input, float *output)
{
#define EXTREME_INIT float v = p->multiplier ? -FLT_MAX : FLT_MAX
#define EXTREME_STEP(x) v = p->multiplier ? ((x) > v ? (x) : v) : ((x) < v ? (x) : v)
#define EXTREME_FINISH(o) output[o] = v
    RVFW_REDUCE_FOR(p, input, EXTREME_INIT, EXTREME_STEP, EXTREME_FINISH);
}
