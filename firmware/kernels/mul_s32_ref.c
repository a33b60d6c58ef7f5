/* SPDX-License-Identifier: Apache-2.0 */
/* MUL, int32 (unquantised), with broadcasting: a * b, wrapping in int32, clamped to the fused activation's
 * bounds (TFLite Micro's int32 reference arithmetic). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_mul_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output)
{
#define ELEMENT(ia, ib, io) output[io] = rvfw_clamp_s32((int32_t)((uint32_t)a[ia] * (uint32_t)b[ib]), p)
    RVFW_BROADCAST_FOR(p, ELEMENT);
}
