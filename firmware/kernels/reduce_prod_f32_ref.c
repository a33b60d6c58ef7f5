/* SPDX-License-Identifier: Apache-2.0 */
/* REDUCE_PROD, float32 (LiteRT's reference; TFLite Micro has none): from 1, each element
 * multiplied in, in row-major order, every product rounded to float. */
#include "rvfw_reduce.h"

RVFW_KERNEL void rvfw_reduce_prod_f32_ref(const rvfw_reduce_params *p, const float *input, float *output)
{
#define PROD_F32_INIT float v = 1.0f
#define PROD_F32_STEP(x) v = v * (x)
#define PROD_F32_FINISH(o) output[o] = v
    RVFW_REDUCE_FOR(p, input, PROD_F32_INIT, PROD_F32_STEP, PROD_F32_FINISH);
}
