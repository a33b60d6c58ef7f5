/* SPDX-License-Identifier: Apache-2.0 */
/* REDUCE_MAX, int8: the largest raw value (input and output share quantisation). */
#include "rvfw_reduce.h"

RVFW_KERNEL void rvfw_reduce_max_s8_ref(const rvfw_reduce_params *p, const int8_t *input, int8_t *output)
{
#define MAX_INIT int8_t best = INT8_MIN
#define MAX_STEP(x) best = (x) > best ? (x) : best
#define MAX_FINISH(o) output[o] = best
    RVFW_REDUCE_FOR(p, input, MAX_INIT, MAX_STEP, MAX_FINISH);
}
