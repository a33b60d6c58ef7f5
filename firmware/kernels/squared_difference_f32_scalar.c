/* SPDX-License-Identifier: Apache-2.0 */
/* SQUARED_DIFFERENCE, float32, with broadcasting, fast scalar (rvfw_binary_f32_scalar.h): the
 * difference times itself, two IEEE operations as the reference's; the lowering's clamp is
 * [-inf, inf] (TFLite Micro clamps nothing here). */
#include "rvfw_binary_f32_scalar.h"

static inline float rvfw_square_of_difference_f32(float x, float y)
{
    const float d = x - y;
    return d * d;
}
#define COMBINE(x, y) rvfw_square_of_difference_f32((x), (y))
RVFW_F32_SCALAR_ROW(row, COMBINE)

RVFW_KERNEL void rvfw_squared_difference_f32_scalar(const rvfw_binary_params *p, const float *a, const float *b,
                                                    const float *act, float *output)
{
#define ROW(p, x, sx, y, sy, out, n) row(x, sx, y, sy, out, n, act)
    RVFW_BROADCAST_RUNS(p, float, a, b, output, ROW);
}
