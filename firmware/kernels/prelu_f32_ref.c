/* SPDX-License-Identifier: Apache-2.0 */
/* PRELU, float32, with broadcasting: x >= 0 ? x : x * alpha (TFLite Micro's). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_prelu_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output)
{
#define ELEMENT(ia, ib, io) output[io] = a[ia] >= 0.0f ? a[ia] : a[ia] * b[ib]
    (void)act;
    RVFW_BROADCAST_FOR(p, ELEMENT);
}
