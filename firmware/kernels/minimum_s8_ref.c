/* SPDX-License-Identifier: Apache-2.0 */
/* MINIMUM, int8, with broadcasting: the smaller raw value (TFLite Micro compares raw bytes). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_minimum_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define MIN_ELEMENT(ia, ib, io) output[io] = a[ia] < b[ib] ? a[ia] : b[ib]
    RVFW_BROADCAST_FOR(p, MIN_ELEMENT);
}
