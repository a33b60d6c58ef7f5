/* SPDX-License-Identifier: Apache-2.0 */
/* ADD, float32, with broadcasting, fast scalar (rvfw_binary_f32_scalar.h): x + y per element, one
 * IEEE operation as the reference's, then its clamp. */
#include "rvfw_binary_f32_scalar.h"

#define COMBINE(x, y) ((x) + (y))
RVFW_F32_SCALAR_ROW(row, COMBINE)

RVFW_KERNEL void rvfw_add_f32_scalar(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output)
{
#define ROW(p, x, sx, y, sy, out, n) row(x, sx, y, sy, out, n, act)
    RVFW_BROADCAST_RUNS(p, float, a, b, output, ROW);
}
