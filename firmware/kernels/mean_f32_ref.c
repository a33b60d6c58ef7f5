/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN and SUM, float32: the elements summed in row-major order (TFLite Micro's order, its 4-D
 * height-and-width special case included), MEAN then divided by the count (multiplier 1: MEAN, 0: SUM). */
#include "rvfw_reduce.h"

RVFW_KERNEL void rvfw_mean_f32_ref(const rvfw_reduce_params *p, const float *input, float *output)
{
#define MEAN_INIT float sum = 0.0f
#define MEAN_STEP(x) sum += (x)
#define MEAN_FINISH(o) output[o] = p->multiplier ? sum / (float)p->count : sum
    RVFW_REDUCE_FOR(p, input, MEAN_INIT, MEAN_STEP, MEAN_FINISH);
}
