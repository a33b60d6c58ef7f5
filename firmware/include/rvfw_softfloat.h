/* SPDX-License-Identifier: Apache-2.0 */
/* Single-precision add, multiply and divide on the bits of normal floats, rounded to nearest even
 * as IEEE 754 (and so the FPU TFLite Micro ran on) rounds them, for cores without an FPU: a fixed
 * sequence of float operations (tanhf's, a sum's) then gives the reference's bits at a fraction of
 * the cost of libgcc's soft-float calls, which handle every special case on every call.
 *
 * Only normal operands and results are handled here (and zeros, which sums and tanhf's reduction
 * produce). Anything else (a subnormal, an infinity, a NaN, a result outside the normal range)
 * sets *odd and returns 0: the caller then computes that element with the reference, so the fast
 * path never has to be right about the rare cases to be exact.
 *
 * Mantissas carry their hidden bit; guard bits sit below the 24 kept ones and a sticky bit is
 * jammed into the lowest (correct for round-to-nearest as long as two or more guard bits remain
 * after normalisation: the jammed value and the exact one lie in the same open interval between
 * rounding boundaries). A rounding carry out of the mantissa lands in the exponent by adding the
 * mantissa to the biased exponent field. */
#ifndef RVFW_SOFTFLOAT_H
#define RVFW_SOFTFLOAT_H

#include <stdint.h>

#define RVFW_SF_SIGN 0x80000000u

static inline uint32_t rvfw_f32_bits(float x)
{
    uint32_t u;
    __builtin_memcpy(&u, &x, sizeof u);
    return u;
}

static inline float rvfw_f32_from_bits(uint32_t u)
{
    float x;
    __builtin_memcpy(&x, &u, sizeof x);
    return x;
}

/* Round m (24 kept bits above `guard` guard bits, hidden bit at 23 + guard) to nearest even and
 * pack it with sign s and biased exponent e (1..254 before rounding), else flag it. */
static inline uint32_t rvfw_sf_pack(uint32_t s, int32_t e, uint32_t m, int guard, int *odd)
{
    /* ties to even: add just under half, plus one more when the last kept bit is set */
    const uint32_t kept = (m + ((1u << (guard - 1)) - 1) + ((m >> guard) & 1)) >> guard;
    if (e <= 0 || e >= 254) {
        *odd = 1;
        return 0;
    }
    return s | (((uint32_t)(e - 1) << 23) + kept); /* kept == 2^24 carries into the exponent */
}

/* The mantissa with its hidden bit, and the biased exponent; *odd for 0, subnormals, inf, NaN. */
#define RVFW_SF_FIELDS(x, m, e)                                                                                   \
    const int32_t e = (int32_t)(((x) >> 23) & 0xff);                                                              \
    const uint32_t m = ((x) & 0x7fffffu) | 0x800000u

static inline uint32_t rvfw_sf_mul(uint32_t a, uint32_t b, int *odd)
{
    const uint32_t s = (a ^ b) & RVFW_SF_SIGN;
    RVFW_SF_FIELDS(a, ma, ea);
    RVFW_SF_FIELDS(b, mb, eb);
    if (ea == 255 || eb == 255) {
        *odd = 1;
        return 0;
    }
    if (!(a << 1) || !(b << 1))
        return s; /* zero times a finite number */
    if (ea == 0 || eb == 0) {
        *odd = 1;
        return 0;
    }
    /* (ma 2^8)(mb 2^8) in [2^62, 2^64): its high word holds the 24 bits and 6 or 7 guard bits, the
     * low word only stickiness */
    const uint64_t product = (uint64_t)(ma << 8) * (uint64_t)(mb << 8);
    uint32_t hi = (uint32_t)(product >> 32);
    hi |= (uint32_t)product != 0;
    int32_t e = ea + eb - 127;
    if (hi >> 31)
        return rvfw_sf_pack(s, e + 1, hi, 8, odd);
    return rvfw_sf_pack(s, e, hi, 7, odd);
}

/* clz of a nonzero word (rv32imc has no instruction for it; the shifts are at most a few here) */
static inline int rvfw_sf_clz(uint32_t x)
{
    int n = 0;
    if (!(x >> 16))
        n += 16, x <<= 16;
    if (!(x >> 24))
        n += 8, x <<= 8;
    if (!(x >> 28))
        n += 4, x <<= 4;
    if (!(x >> 30))
        n += 2, x <<= 2;
    return n + !(x >> 31);
}

/* Always inlined: for a loop of sums (one call site); rvfw_sf_add for many call sites. */
static inline __attribute__((always_inline)) uint32_t rvfw_sf_add_inline(uint32_t a, uint32_t b, int *odd)
{
    uint32_t abs_a = a & ~RVFW_SF_SIGN, abs_b = b & ~RVFW_SF_SIGN;
    if (abs_a < abs_b) {
        const uint32_t t = a;
        a = b, b = t;
        abs_a = a & ~RVFW_SF_SIGN, abs_b = b & ~RVFW_SF_SIGN;
    }
    RVFW_SF_FIELDS(a, ma, ea);
    RVFW_SF_FIELDS(b, mb, eb);
    if (ea == 255) { /* an infinity or a NaN (whose bits the FPU or libgcc choose) */
        *odd = 1;
        return 0;
    }
    if (!abs_b) /* x + 0 = x; +0 + -0 = +0, -0 + -0 = -0 */
        return abs_a ? a : a & b;
    if (eb == 0) {
        *odd = 1;
        return 0;
    }
    const uint32_t xa = ma << 6; /* 2^29 <= xa < 2^30: six guard bits */
    uint32_t xb = mb << 6;
    const int32_t d = ea - eb;
    if (d > 0)
        xb = d > 30 ? 1u : (xb >> d) | ((xb << (32 - d)) != 0);
    int32_t e = ea;
    uint32_t r;
    if ((a ^ b) & RVFW_SF_SIGN) {
        r = xa - xb;
        if (!r)
            return 0; /* exact cancellation: +0 when rounding to nearest */
        if (!(r >> 29)) { /* a cancellation: most lose one or two bits */
            const int shift = r >> 27 ? 2 - (int)(r >> 28) : rvfw_sf_clz(r) - 2;
            r <<= shift;
            e -= shift;
        }
    } else {
        r = xa + xb;
        if (r >> 30) {
            r = (r >> 1) | (r & 1);
            ++e;
        }
    }
    return rvfw_sf_pack(a & RVFW_SF_SIGN, e, r, 6, odd);
}

static inline uint32_t rvfw_sf_add(uint32_t a, uint32_t b, int *odd)
{
    return rvfw_sf_add_inline(a, b, odd);
}

static inline uint32_t rvfw_sf_sub(uint32_t a, uint32_t b, int *odd)
{
    return rvfw_sf_add(a, b ^ RVFW_SF_SIGN, odd);
}

/* a / b, b nonzero: 32 quotient bits of (ma 2^8) / mb in four 8-bit long-division steps (each a
 * 32-bit divide), the last remainder the sticky bit. */
static inline uint32_t rvfw_sf_div(uint32_t a, uint32_t b, int *odd)
{
    const uint32_t s = (a ^ b) & RVFW_SF_SIGN;
    RVFW_SF_FIELDS(b, mb, eb);
    if (eb == 0 || eb == 255) {
        *odd = 1;
        return 0;
    }
    if (!(a << 1))
        return s;
    RVFW_SF_FIELDS(a, ma, ea);
    if (ea == 0 || ea == 255) {
        *odd = 1;
        return 0;
    }
    uint32_t r = ma << 7, q = 0; /* ma 2^7 < 2^31: the first step's 8 or 9 bits */
    for (int step = 0; step < 4; ++step) {
        q = (q << 8) | (r / mb);
        r = (r % mb) << 8;
    }
    /* q = ma / mb 2^31 in (2^30, 2^32) */
    q |= r != 0;
    const int32_t e = ea - eb + 127;
    if (q >> 31)
        return rvfw_sf_pack(s, e, q, 8, odd);
    return rvfw_sf_pack(s, e - 1, q, 7, odd);
}

/* (int32_t)x for |x| < 2^31: truncation toward zero. */
static inline int32_t rvfw_sf_to_int(uint32_t x)
{
    const int32_t e = (int32_t)((x >> 23) & 0xff) - 127;
    if (e < 0)
        return 0;
    const int32_t magnitude = (int32_t)((((x & 0x7fffffu) | 0x800000u) << 7) >> (30 - e));
    return (x & RVFW_SF_SIGN) ? -magnitude : magnitude;
}

/* (float)k, exact for |k| < 2^24 */
static inline uint32_t rvfw_sf_from_int(int32_t k)
{
    if (!k)
        return 0;
    const uint32_t s = k < 0 ? RVFW_SF_SIGN : 0, m = k < 0 ? (uint32_t)-k : (uint32_t)k;
    const int top = 31 - rvfw_sf_clz(m);
    return s | (((uint32_t)(126 + top) << 23) + (m << (23 - top)));
}

#endif
