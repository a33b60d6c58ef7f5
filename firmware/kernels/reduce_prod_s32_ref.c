/* SPDX-License-Identifier: Apache-2.0 */
/* REDUCE_PROD, int32 (LiteRT's reference; TFLite Micro has none): from 1, each element multiplied
 * in, in row-major order, modulo 2^32 (unsigned arithmetic: no signed overflow). */
#include "rvfw_reduce.h"

RVFW_KERNEL void rvfw_reduce_prod_s32_ref(const rvfw_reduce_params *p, const int32_t *input, int32_t *output)
{
#define PROD_S32_INIT uint32_t v = 1u
#define PROD_S32_STEP(x) v = v * (uint32_t)(x)
#define PROD_S32_FINISH(o) output[o] = (int32_t)v
    RVFW_REDUCE_FOR(p, input, PROD_S32_INIT, PROD_S32_STEP, PROD_S32_FINISH);
}
