/* SPDX-License-Identifier: Apache-2.0 */
/* SUM, MEAN, REDUCE_MAX and REDUCE_MIN on int32 (LiteRT's reference; TFLite Micro reduces int8,
 * int16 and float32 only): p->multiplier selects the op (RVFW_REDUCE_S32_*). The sum wraps modulo
 * 2^32 (unsigned arithmetic: no signed overflow), as LiteRT's int32 adds do; the mean sums in 64
 * bits and divides by the count, truncating toward zero, as LiteRT's does. */
#include "rvfw_reduce.h"

RVFW_KERNEL void rvfw_reduce_s32_ref(const rvfw_reduce_params *p, const int32_t *input, int32_t *output)
{
    if (p->multiplier == RVFW_REDUCE_S32_SUM) {
#define SUM_S32_INIT uint32_t v = 0u
#define SUM_S32_STEP(x) v += (uint32_t)(x)
#define SUM_S32_FINISH(o) output[o] = (int32_t)v
        RVFW_REDUCE_FOR(p, input, SUM_S32_INIT, SUM_S32_STEP, SUM_S32_FINISH);
        return;
    }
    if (p->multiplier == RVFW_REDUCE_S32_MEAN) {
        const int64_t count = p->count;
#define MEAN_S32_INIT int64_t v = 0
#define MEAN_S32_STEP(x) v += (x)
#define MEAN_S32_FINISH(o) output[o] = (int32_t)(v / count)
        RVFW_REDUCE_FOR(p, input, MEAN_S32_INIT, MEAN_S32_STEP, MEAN_S32_FINISH);
        return;
    }
    const int max = p->multiplier == RVFW_REDUCE_S32_MAX;
#define EXTREME_S32_INIT int32_t best = max ? INT32_MIN : INT32_MAX
#define EXTREME_S32_STEP(x) best = (max ? (x) > best : (x) < best) ? (x) : best
#define EXTREME_S32_FINISH(o) output[o] = best
    RVFW_REDUCE_FOR(p, input, EXTREME_S32_INIT, EXTREME_S32_STEP, EXTREME_S32_FINISH);
}
