/* SPDX-License-Identifier: Apache-2.0 */
/* SUB, float32, with broadcasting, RVV (V, Zve32f): one IEEE operation per lane, rounding as the
 * reference's, then the fused activation's clamp (rvfw_binary_f32_rvv.h). */
#include "rvfw_binary_f32_rvv.h"

#define OP(x, y, vl) __riscv_vfsub_vv_f32m8(x, y, vl)
RVFW_F32_ROW(row, OP)

RVFW_KERNEL void rvfw_sub_f32_rvv(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output)
{
#define ROW(p, x, sx, y, sy, out, n) row(x, sx, y, sy, out, n, act)
    RVFW_BROADCAST_RUNS(p, float, a, b, output, ROW);
}
