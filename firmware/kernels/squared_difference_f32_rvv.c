/* SPDX-License-Identifier: Apache-2.0 */
/* SQUARED_DIFFERENCE, float32, with broadcasting, RVV (V, Zve32f): the difference times itself
 * per lane, two IEEE operations as the reference's; the lowering's clamp is [-inf, inf]
 * (rvfw_binary_f32_rvv.h). */
#include "rvfw_binary_f32_rvv.h"

static inline vfloat32m8_t rvfw_square_of_difference_f32m8(vfloat32m8_t x, vfloat32m8_t y, size_t vl)
{
    const vfloat32m8_t d = __riscv_vfsub_vv_f32m8(x, y, vl);
    return __riscv_vfmul_vv_f32m8(d, d, vl);
}
#define OP(x, y, vl) rvfw_square_of_difference_f32m8(x, y, vl)
RVFW_F32_ROW(row, OP)

RVFW_KERNEL void rvfw_squared_difference_f32_rvv(const rvfw_binary_params *p, const float *a, const float *b,
                                                 const float *act, float *output)
{
#define ROW(p, x, sx, y, sy, out, n) row(x, sx, y, sy, out, n, act)
    RVFW_BROADCAST_RUNS(p, float, a, b, output, ROW);
}
