/* SPDX-License-Identifier: Apache-2.0 */
/* SUB, int32 (unquantised), with broadcasting, fast scalar (rvfw_binary_s32_scalar.h): the
 * reference's arithmetic, bit-exact with sub_s32_ref. */
#include "rvfw_binary_s32_scalar.h"

RVFW_KERNEL void rvfw_sub_s32_scalar(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output)
{
#define COMBINE(x, y) (int32_t)((uint32_t)(x) - (uint32_t)(y))
    RVFW_BROADCAST_RUNS(p, int32_t, a, b, output, RVFW_S32_SCALAR_ROW);
}
