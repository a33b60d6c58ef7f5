/* SPDX-License-Identifier: Apache-2.0 */
/* TFLite's LUTLookup for int16: a 513-entry table (512 base values and a last one for the final
 * slope), indexed by the value's top 9 bits and interpolated linearly in its low 7, rounding the
 * product to nearest. Shared by the int16 SOFTMAX and the int16 table activations. */
#ifndef RVFW_LUT16_H
#define RVFW_LUT16_H

#include <stdint.h>

static inline int16_t rvfw_lut16_lookup(int16_t value, const int16_t *lut)
{
    const uint16_t index = (uint16_t)(256 + (value >> 7));
    const int16_t offset = (int16_t)(value & 0x7f);
    const int16_t base = lut[index];
    const int16_t slope = (int16_t)(lut[index + 1] - lut[index]);
    return (int16_t)(base + ((slope * offset + 64) >> 7));
}

#endif
