/* SPDX-License-Identifier: Apache-2.0 */
/* REDUCE_MAX (p->multiplier 1) and REDUCE_MIN (0), int16 (LiteRT's; TFLite Micro's take int8 and
 * float32): the extreme raw value, input and output sharing quantisation. */
#include "rvfw_reduce.h"

RVFW_KERNEL void rvfw_reduce_extreme_s16_ref(const rvfw_reduce_params *p, const int16_t *input, int16_t *output)
{
    const int max = p->multiplier == 1;
#define EXTREME_S16_INIT int16_t best = max ? INT16_MIN : INT16_MAX
#define EXTREME_S16_STEP(x) best = (max ? (x) > best : (x) < best) ? (x) : best
#define EXTREME_S16_FINISH(o) output[o] = best
    RVFW_REDUCE_FOR(p, input, EXTREME_S16_INIT, EXTREME_S16_STEP, EXTREME_S16_FINISH);
}
