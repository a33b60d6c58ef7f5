/* SPDX-License-Identifier: Apache-2.0 */
/* int4 weights unpacked, fast scalar: one byte at a time into its two values, each sign-extended
 * by a shift pair (the low nibble shifted to the top and back, the high one shifted down),
 * bit-exact with unpack_s4_ref. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_unpack_s4_scalar(const rvfw_unpack4_params *p, const uint8_t *packed, int8_t *output)
{
    const int32_t pairs = p->count >> 1;
    for (int32_t i = 0; i < pairs; ++i) {
        const int8_t byte = (int8_t)packed[i];
        output[2 * i] = (int8_t)((int8_t)(byte << 4) >> 4);
        output[2 * i + 1] = (int8_t)(byte >> 4);
    }
    if (p->count & 1)
        output[p->count - 1] = (int8_t)((int8_t)(packed[pairs] << 4) >> 4);
}
