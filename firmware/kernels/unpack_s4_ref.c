/* SPDX-License-Identifier: Apache-2.0 */
/* int4 weights unpacked: count values, two a byte, low nibble first, each sign-extended to int8
 * (TFLite's int4 layout), written where the layer after this call reads its weights. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_unpack_s4_ref(const rvfw_unpack4_params *p, const uint8_t *packed, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const uint8_t byte = packed[i >> 1];
        const int32_t nibble = (i & 1) ? byte >> 4 : byte & 0xF;
        output[i] = (int8_t)(nibble > 7 ? nibble - 16 : nibble);
    }
}
