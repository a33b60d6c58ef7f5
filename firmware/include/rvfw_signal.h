/* SPDX-License-Identifier: Apache-2.0 */
/* TFLite Micro's Signal library helpers more than one kernel computes the same way. */
#ifndef RVFW_SIGNAL_H
#define RVFW_SIGNAL_H

#include "rvfw_kernels.h"

/* SignalFftAutoScale's largest magnitude, as TFLite Micro's running maximum finds it: compared in
 * int, stored as int16, so a -32768 sample makes it -32768 and the samples after it start over. */
static inline int16_t rvfw_signal_max_abs16(const int16_t *input, int32_t size)
{
    int16_t max = 0;
    for (int32_t i = 0; i < size; ++i) {
        const int16_t v = input[i];
        if (v > max) {
            max = v;
        } else if (-(int32_t)v > max) {
            max = (int16_t)-(int32_t)v;
        }
    }
    return max;
}

/* The shift that many bits left the largest magnitude allows: 15 - its highest set bit, at least 0.
 * TFLite Micro's most-significant-bit helper counts 0 as 32 bits, and reads a negative int16 (the
 * -32768 the running maximum can end on) as a uint32 with the top bit set: both shift by 0. */
static inline int32_t rvfw_signal_scale_bits(int16_t max)
{
    const int32_t msb = max ? 32 - __builtin_clz((uint32_t)(int32_t)max) : 32;
    return 16 - msb - 1 > 0 ? 16 - msb - 1 : 0;
}

/* SignalPCAN's gain (TFLite Micro's WideDynamicFunction): a quadratic per power of two of the
 * noise estimate from the gain table, truncated to int16 as its return type does. */
static inline int16_t rvfw_signal_pcan_gain(uint32_t x, const int16_t *lut)
{
    if (x <= 2)
        return lut[x];
    const int32_t interval = 32 - __builtin_clz(x);
    lut += 4 * interval - 6;
    const int32_t frac = (int32_t)(((interval < 11) ? (x << (11 - interval)) : (x >> (interval - 11))) & 0x3FF);
    int32_t result = ((int32_t)lut[2] * frac) >> 5;
    result += (int32_t)((uint32_t)lut[1] << 5);
    result *= frac;
    result = (result + (1 << 14)) >> 15;
    result += lut[0];
    return (int16_t)result;
}

#endif
