/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBankSquareRoot, uint64 in, uint32 out, reference: the integer square root of each
 * channel (bit by bit, rounded up when the remainder exceeds the root), shifted right by the
 * scale bits. As TFLite Micro's, a value below 2^32 takes the 32-bit root, whose result is
 * 16 bits: the off-by-one it makes just below 2^32 is kept. */
#include "rvfw_kernels.h"

/* The root of num, a `width`-bit number (32 or 64), bit by bit from its highest set bit (TFLite
 * Micro's most-significant-bit helper counts 0 as `width` bits), rounded up when the remainder
 * exceeds the root unless the root is already all ones. In 64 bits for both widths: a 32-bit
 * number's sums stay below 2^32, so the 32-bit root is the same. */
static uint64_t root(uint64_t num, int32_t width)
{
    const int32_t msb = num ? 64 - __builtin_clzll(num) : width;
    const int32_t top = (width - msb) | 1;
    uint64_t res = 0, bit = (uint64_t)1 << (width - 1 - top);
    for (int32_t n = (width - 1 - top) / 2 + 1; n > 0; --n) {
        if (num >= res + bit) {
            num -= res + bit;
            res = (res >> 1) + bit;
        } else {
            res >>= 1;
        }
        bit >>= 2;
    }
    const uint64_t all_ones = width == 32 ? 0xFFFFu : 0xFFFFFFFFu;
    if (num > res && res != all_ones) {
        ++res;
    }
    return res;
}

/* TFLite Micro's Sqrt64: below 2^32 the 32-bit root (0 for 0). */
static uint32_t sqrt64(uint64_t num)
{
    if (num == 0) {
        return 0;
    }
    return (uint32_t)root(num, (num >> 32) == 0 ? 32 : 64);
}

RVFW_KERNEL void rvfw_signal_filter_bank_sqrt_u64_ref(const rvfw_signal_params *p, const uint64_t *input,
                                          const int32_t *scale_bits, uint32_t *output)
{
    const int32_t shift = *scale_bits;
    for (int32_t i = 0; i < p->size; ++i) {
        output[i] = sqrt64(input[i]) >> shift;
    }
}
