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

/* TFLite's SoftmaxInt16 normalisation of a row: the sum of its exps (at least one, 32767, the
 * maximum's) shifted up by its headroom, rounded to Q1.15 past one, and looked up in the 1 / (1 + x)
 * table; *right_shift (31 - the leading zeros) is the shift that brings exp x reciprocal back. */
static inline int16_t rvfw_softmax16_reciprocal(int32_t sum, const int16_t *reciprocal_lut, int *right_shift)
{
    const int headroom_plus_one = __builtin_clz((uint32_t)sum);
    const int32_t shifted = (int32_t)((((int64_t)sum << (headroom_plus_one - 1)) + (1 << 13)) >> 14);
    const int32_t at = shifted - ((1 << 15) + (1 << 16));
    *right_shift = 31 - headroom_plus_one;
    return rvfw_lut16_lookup((int16_t)(at < INT16_MIN ? INT16_MIN : at > INT16_MAX ? INT16_MAX : at), reciprocal_lut);
}

#endif
