/* SPDX-License-Identifier: Apache-2.0 */
/* POW, int32, with broadcasting (LiteRT's reference; TFLite Micro has none). LiteRT takes std::pow
 * of the two as doubles and converts the result to int32: exact where the power fits int32 (every
 * such power is a double exactly), and on LiteRT's x86 build INT32_MIN where it does not (the
 * conversion's out-of-range value; in C it is undefined, so it is written out here). The power is
 * taken by squaring in 64 bits, stopping at the first step past int32. LiteRT refuses a negative
 * exponent; here it is what the double conversion gives (1 / base^e truncated: 0, or +-1 for a
 * base of +-1, INT32_MIN for 0). */
#include "rvfw_broadcast.h"

static int32_t power(int32_t base, int32_t e)
{
    if (e < 0)
        return base == 1 ? 1 : base == -1 ? (e & 1 ? -1 : 1) : base == 0 ? INT32_MIN : 0;
    int64_t result = 1, square = base;
    const int64_t limit = (int64_t)1 << 31; /* |factor| above it: the power cannot fit (nor the product 64 bits) */
    for (;;) {
        if (e & 1) {
            if (square > limit || square < -limit)
                return INT32_MIN;
            result *= square; /* |result|, |square| <= 2^31 */
            if (result > INT32_MAX || result < INT32_MIN)
                return INT32_MIN;
        }
        e >>= 1;
        if (e == 0)
            return (int32_t)result;
        square = square > limit || square < -limit ? limit + 1 : square * square;
    }
}

RVFW_KERNEL void rvfw_pow_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output)
{
#define ELEMENT(ia, ib, io) output[io] = power(a[ia], b[ib])
    RVFW_BROADCAST_FOR(p, ELEMENT);
}
