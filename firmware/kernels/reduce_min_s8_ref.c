/* SPDX-License-Identifier: Apache-2.0 */
/* REDUCE_MIN, int8: the smallest raw value (input and output share quantisation). */
#include "rvfw_reduce.h"

RVFW_KERNEL void rvfw_reduce_min_s8_ref(const rvfw_reduce_params *p, const int8_t *input, int8_t *output)
{
#define MIN_INIT int8_t best = INT8_MAX
#define MIN_STEP(x) best = (x) < best ? (x) : best
#define MIN_FINISH(o) output[o] = best
    RVFW_REDUCE_FOR(p, input, MIN_INIT, MIN_STEP, MIN_FINISH);
}
