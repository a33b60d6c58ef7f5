/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN and SUM, int8: the int32 sum of the reduced elements, less input_zero_point * count,
 * requantised (for MEAN the multiplier already includes 1 / count, as TFLite Micro folds it). */
#include "rvfw_reduce.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_mean_s8_ref(const rvfw_reduce_params *p, const int8_t *input, int8_t *output)
{
#define MEAN_INIT int32_t sum = 0
#define MEAN_STEP(x) sum += (x)
#define MEAN_FINISH(o)                                                                                               \
    output[o] = (int8_t)rvfw_clamp(                                                                               \
        rvfw_requantize(sum - p->input_zero_point * p->count, p->multiplier, p->shift) + p->output_zero_point,    \
        INT8_MIN, INT8_MAX)
    RVFW_REDUCE_FOR(p, input, MEAN_INIT, MEAN_STEP, MEAN_FINISH);
}
