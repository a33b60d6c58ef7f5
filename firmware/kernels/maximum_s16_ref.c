/* SPDX-License-Identifier: Apache-2.0 */
/* MAXIMUM, int16, with broadcasting: the raw values compared, no rescaling (TFLite Micro's
 * maximum_minimum kernel; the converter gives both inputs the output's quantisation). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_maximum_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output)
{
#define ELEMENT(ia, ib, io) output[io] = a[ia] > b[ib] ? a[ia] : b[ib]
    RVFW_BROADCAST_FOR(p, ELEMENT);
}
