/* SPDX-License-Identifier: Apache-2.0 */
/* MINIMUM, int32 (unquantised), with broadcasting: the smaller, clamped to the fused activation's
 * bounds (TFLite Micro's int32 reference arithmetic). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_minimum_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output)
{
#define ELEMENT(ia, ib, io) output[io] = rvfw_clamp_s32(a[ia] < b[ib] ? a[ia] : b[ib], p)
    RVFW_BROADCAST_FOR(p, ELEMENT);
}
