/* SPDX-License-Identifier: Apache-2.0 */
/* SQUARED_DIFFERENCE, int32 (unquantised), with broadcasting: (a - b)^2, the difference and the
 * square wrapping in int32 as TFLite Micro's reference arithmetic does; no activation. */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_squared_difference_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b,
                                                 int32_t *output)
{
#define SQDIFF32_ELEMENT(ia, ib, io)                                                                               \
    const uint32_t d = (uint32_t)a[ia] - (uint32_t)b[ib];                                                         \
    output[io] = (int32_t)(d * d)
    RVFW_BROADCAST_FOR(p, SQDIFF32_ELEMENT);
}
