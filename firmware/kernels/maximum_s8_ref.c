/* SPDX-License-Identifier: Apache-2.0 */
/* MAXIMUM, int8, with broadcasting: the larger raw value (TFLite Micro compares raw bytes). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_maximum_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define MAX_ELEMENT(ia, ib, io) output[io] = a[ia] > b[ib] ? a[ia] : b[ib]
    RVFW_BROADCAST_FOR(p, MAX_ELEMENT);
}
