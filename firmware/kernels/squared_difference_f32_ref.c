/* SPDX-License-Identifier: Apache-2.0 */
/* SQUARED_DIFFERENCE, float32, with broadcasting: the difference times itself. */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_squared_difference_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output)
{
#define ELEMENT(ia, ib, io) output[io] = (a[ia] - b[ib]) * (a[ia] - b[ib])
    (void)act;
    RVFW_BROADCAST_FOR(p, ELEMENT);
}
