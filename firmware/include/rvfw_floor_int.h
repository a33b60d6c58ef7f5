/* SPDX-License-Identifier: Apache-2.0 */
/* LiteRT's integer FLOOR_DIV and FLOOR_MOD (reference_ops::FloorDiv and FloorMod; TFLite Micro runs
 * them in float32 only), measured on its interpreter: the raw values, their scales unread. The
 * quotient is rounded toward minus infinity and wrapped to the element type (LiteRT floors a double
 * quotient, exact at these widths, and converts it: INT_MIN / -1 wraps to INT_MIN); the remainder
 * takes the divisor's sign. Computed in 64 bits, so INT32_MIN % -1 is 0 (LiteRT's x86 build
 * traps on it); a divisor of -1 is taken apart, so int64's INT64_MIN / -1 wraps and its remainder
 * is 0 without C's overflow. A zero divisor stops LiteRT's inference with an error; here it gives 0. */
#ifndef RVFW_FLOOR_INT_H
#define RVFW_FLOOR_INT_H

#include <stdint.h>

#include "rvfw_broadcast.h"

static inline int64_t rvfw_floor_div_i64(int64_t a, int64_t b)
{
    if (b == 0)
        return 0;
    if (b == -1)
        return (int64_t)(0 - (uint64_t)a);
    const int64_t q = a / b;
    return a % b != 0 && (a < 0) != (b < 0) ? q - 1 : q;
}

static inline int64_t rvfw_floor_mod_i64(int64_t a, int64_t b)
{
    if (b == 0 || b == -1)
        return 0;
    const int64_t r = a % b;
    return r != 0 && (b < 0) != (r < 0) ? r + b : r;
}

/* f of each broadcast pair, wrapped to the element type (GCC and clang convert modulo 2^N); f is
 * a constant where the kernel calls this, so it is inlined. */
#define RVFW_FLOOR_ELEMENT(ia, ib, io) out_[io] = (__typeof__(*out_))f_(a_[ia], b_[ib])
#define RVFW_FLOOR_INT(p, T, a, b, output, f)                                                                       \
    do {                                                                                                          \
        const T *const a_ = (a), *const b_ = (b);                                                                 \
        T *const out_ = (output);                                                                                 \
        int64_t (*const f_)(int64_t, int64_t) = (f);                                                              \
        RVFW_BROADCAST_FOR(p, RVFW_FLOOR_ELEMENT);                                                                \
    } while (0)

#endif
