/* SPDX-License-Identifier: Apache-2.0 */
/* SUB, float32, with broadcasting: a[ia] - b[ib], then the clamp. */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_sub_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output)
{
#define ELEMENT(ia, ib, io) output[io] = rvfw_clamp_f32(a[ia] - b[ib], act)
    RVFW_BROADCAST_FOR(p, ELEMENT);
}
