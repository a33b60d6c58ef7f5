/* SPDX-License-Identifier: Apache-2.0 */
/* MAXIMUM, int32 (unquantised), with broadcasting, RVV: vmax.vv per strip (rvfw_binary_s32_rvv.h), bit-exact
 * with maximum_s32_ref. */
#include "rvfw_binary_s32_rvv.h"

RVFW_KERNEL void rvfw_maximum_s32_rvv(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output)
{
#define COMBINE(x, y, vl) __riscv_vmax_vv_i32m8((x), (y), (vl))
    RVFW_BROADCAST_RUNS(p, int32_t, a, b, output, RVFW_S32_RVV_ROW);
}
