/* SPDX-License-Identifier: Apache-2.0 */
/* MAXIMUM, float32, with broadcasting: TFLite's a > b ? a : b (no activation). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_maximum_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output)
{
#define ELEMENT(ia, ib, io) output[io] = a[ia] > b[ib] ? a[ia] : b[ib]
    (void)act;
    RVFW_BROADCAST_FOR(p, ELEMENT);
}
