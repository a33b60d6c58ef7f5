/* SPDX-License-Identifier: Apache-2.0 */
/* TFLite's int16 sigmoid and tanh table kernels (reference_integer_ops::Logistic / Tanh), shared by
 * int16 LOGISTIC and TANH and the integer LSTM: `table` is codegen/ops/sigmoid16.py's
 * SIGMOID_TABLE_U16, multiplier and shift the input scaling TFLite's Prepare computes. */
#ifndef RVFW_SIGMOID16_H
#define RVFW_SIGMOID16_H

#include <stdint.h>

/* The input scaled by multiplier >> shift (rounding) into the table's range. */
static inline int32_t rvfw_lut_input(int32_t x, int32_t multiplier, int32_t shift)
{
    const int32_t round = shift > 0 ? 1 << (shift - 1) : 0;
    return (x * multiplier + round) >> shift;
}

/* Logistic: linear interpolation on |x| over 9 fraction bits, the negative half mirrored. */
static inline int16_t rvfw_sigmoid_s16(int32_t x, const uint16_t *table, int32_t multiplier, int32_t shift)
{
    const int32_t v = rvfw_lut_input(x, multiplier, shift);
    const uint32_t a = (uint32_t)(v < 0 ? -v : v);
    const uint32_t uh = a >> 9;
    uint32_t r;
    if (uh >= 255) {
        r = 0x7FFFu << 10;
    } else {
        const uint32_t ua = table[uh], ub = table[uh + 1];
        r = (ua << 9) + (a & 0x1FFu) * (ub - ua);
    }
    r = v >= 0 ? r + (1u << 9) : (1u << 25) - r + (1u << 9) - 1;
    return (int16_t)(r >> 10);
}

/* TFLite's int16 tanh (reference_integer_ops::Tanh): tanh(x) = 2 sigmoid(2x) - 1 on the same
 * table, 8 fraction bits. */
static inline int16_t rvfw_tanh_s16(int32_t x, const uint16_t *table, int32_t multiplier, int32_t shift)
{
    const int32_t v = rvfw_lut_input(x, multiplier, shift);
    const uint32_t a = (uint32_t)(v < 0 ? -v : v);
    const uint32_t uh = a >> 8;
    int32_t r;
    if (uh >= 255) {
        r = (int32_t)(0xFFFFu << 8);
    } else {
        const uint32_t ua = table[uh], ub = table[uh + 1];
        r = (int32_t)((ua << 8) + (a & 0xFFu) * (ub - ua));
    }
    r = v >= 0 ? r - (1 << 23) + (1 << 7) : -r + (1 << 23) + (1 << 7) - 1;
    return (int16_t)(r >> 8);
}

#endif
