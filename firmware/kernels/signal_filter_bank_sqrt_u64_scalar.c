/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBankSquareRoot, uint64 in, uint32 out, fast scalar: the reference's bit-by-bit root
 * (rounded up when the remainder exceeds the root, unless the root is all ones), with a value
 * below 2^32 in 32-bit arithmetic, as TFLite Micro's own 32-bit root computes it: on RV32 the
 * reference's uint64 steps take several instructions each, and most channels are below 2^32. */
#include "rvfw_kernels.h"

/* The bit-by-bit root of `num` (type T, from bit `top`), rounded up when the remainder exceeds
 * the root unless the root is `all_ones`: one body for the 32- and the 64-bit root. */
#define RVFW_ROOT_FN(name, T, top, all_ones)                                                                       \
    static uint32_t name(T num)                                                                                   \
    {                                                                                                             \
        T res = 0, bit = (T)1 << (top);                                                                           \
        while (bit > num)                                                                                         \
            bit >>= 2;                                                                                            \
        for (; bit; bit >>= 2) {                                                                                  \
            if (num >= res + bit) {                                                                               \
                num -= res + bit;                                                                                 \
                res = (res >> 1) + bit;                                                                           \
            } else {                                                                                              \
                res >>= 1;                                                                                        \
            }                                                                                                     \
        }                                                                                                         \
        return (uint32_t)(num > res && res != (all_ones) ? res + 1 : res);                                        \
    }

RVFW_ROOT_FN(root32, uint32_t, 30, 0xFFFFu)
RVFW_ROOT_FN(root64, uint64_t, 62, 0xFFFFFFFFu)

RVFW_KERNEL void rvfw_signal_filter_bank_sqrt_u64_scalar(const rvfw_signal_params *p, const uint64_t *input,
                                             const int32_t *scale_bits, uint32_t *output)
{
    const int32_t shift = *scale_bits;
    for (int32_t i = 0; i < p->size; ++i) {
        const uint64_t x = input[i];
        output[i] = ((x >> 32) == 0 ? root32((uint32_t)x) : root64(x)) >> shift;
    }
}
