/* SPDX-License-Identifier: Apache-2.0 */
/* rvfw_expf (the host C library's expf: double-precision steps) for cores without a
 * double-precision FPU, where each of its dozen double operations is a soft-float call. The same
 * steps run here in 64-bit fixed point, exactly or within a few units of 2^-62, which puts the
 * result within 2^-46 (relative) of the double the C library rounds to float. Where that
 * distance could matter, a result within 2^-44 of a float rounding boundary (about one call in a
 * million), or where the split of x / ln2 into k / 32 + r is that close to a tie, it calls
 * rvfw_expf itself; so the result is rvfw_expf's, bit for bit (tests/unit/test_float_expf.py
 * compares both on a grid of the whole range, and the fast path alone on every float in
 * [-16, 0]). Fast path: -87 < x <= 0, normal results; everything else goes to rvfw_expf. */
#ifndef RVFW_EXPF_INT_H
#define RVFW_EXPF_INT_H

#include <stdint.h>

#include "rvfw_expf.h"

/* floor(a * b / 2^64), exact, from four 32 x 32 -> 64-bit products (RV32: mul and mulhu). */
static inline uint64_t rvfw_mulhi_u64(uint64_t a, uint64_t b)
{
    const uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    const uint64_t p10 = (uint64_t)a1 * b0, p01 = (uint64_t)a0 * b1;
    const uint64_t mid = (p10 & 0xFFFFFFFFu) + (p01 & 0xFFFFFFFFu) + (((uint64_t)a0 * b0) >> 32);
    return (uint64_t)a1 * b1 + (p10 >> 32) + (p01 >> 32) + (mid >> 32);
}

/* rvfw_expf(x), bit for bit. The constants are the C library's doubles, scaled by powers of two
 * (exact): 32 / ln 2 as 2^57 x, the cubic's c2 as 2^63 x, c0 as 2^75 x and c1 as 2^74 x. */
static inline float rvfw_expf_int(float x)
{
    uint32_t ix;
    __builtin_memcpy(&ix, &x, sizeof ix);
    if ((ix << 1) == 0)
        return 1.0f; /* +-0 */
    /* x < 0 with 2^-30 <= |x| < 87: z = x * 32 / ln2 below 2^12, a normal float result */
    if (ix < 0xB0800000u || ix >= 0xC2AE0000u || ix == (uint32_t)RVFW_EXPF_FMA_X0) /* rvfw_expf's exception */
        return rvfw_expf(x);
    const uint64_t m = (ix & 0x7FFFFFu) | 0x800000u; /* |x| = m * 2^(e - 150) */
    const int32_t shift = 7 - ((int32_t)((ix >> 23) & 0xFF) - 150); /* 24..60 */
    /* |z| = m * C * 2^(e - 150), C = 0x171547652b82fe * 2^-47 exactly; in units of 2^-50 */
    const uint64_t c = 0x171547652b82feULL << 10;
    const uint64_t lo = m * (uint32_t)c, hi = m * (uint32_t)(c >> 32) + (lo >> 32); /* m * c = hi * 2^32 + (uint32)lo */
    const uint64_t zq = shift >= 32 ? hi >> (shift - 32) : (hi << (32 - shift)) | ((uint32_t)lo >> shift);
    /* k = round(z): a fraction within 2^-38 of one half is the C library's tie to decide */
    const uint64_t one = 1ULL << 50, frac = zq & (one - 1);
    if (frac + (1ULL << 12) - (one >> 1) <= (1ULL << 13))
        return rvfw_expf(x);
    const int32_t up = frac > (one >> 1);
    const int32_t k = -(int32_t)(zq >> 50) - up;
    /* r = z - k: |r| < 1/2, as |r| * 2^63 and its sign */
    const uint64_t r = (up ? one - frac : frac) << 13;
    const int negative = !up;
    /* y = 1 + c2 r + (c0 r + c1) r^2, in units of 2^-62 */
    const uint64_t r2 = rvfw_mulhi_u64(r, r);                                /* 2^-62 */
    const uint64_t c0r = rvfw_mulhi_u64(r, 0xe357c25c891ca0ULL);              /* 2^-74 */
    const uint64_t p = negative ? 0x3d7f9ca1f589e600ULL - c0r : 0x3d7f9ca1f589e600ULL + c0r;
    const uint64_t pr2 = rvfw_mulhi_u64(p, r2) >> 10;                          /* 2^-62 */
    const uint64_t c2r = rvfw_mulhi_u64(r, 0x2c5c85fe18a5ac0ULL);             /* 2^-62 */
    const uint64_t y = (negative ? (1ULL << 62) - c2r : (1ULL << 62) + c2r) + pr2;
    /* times 2^(j / 32), j = k mod 32, the table's double (53 bits) as a 2^-63 fraction */
    const uint32_t j = (uint32_t)k & 31u;
    const uint64_t t = ((rvfw_exp2f_table[j] + ((uint64_t)j << 47)) & 0xFFFFFFFFFFFFFULL) | (1ULL << 52);
    const uint64_t a = rvfw_mulhi_u64(y, t << 11);                           /* 2^-61, in [2^60.9, 2^62.1) */
    const int32_t top = a >> 62 ? 62 : a >> 61 ? 61 : 60;                    /* its highest set bit */
    const int32_t drop = top - 23;                                           /* bits below the float's */
    const uint64_t rest = a & ((1ULL << drop) - 1), half = 1ULL << (drop - 1);
    const uint64_t margin = 1ULL << (top - 44);
    if (rest + margin - half <= 2 * margin)
        return rvfw_expf(x);
    /* the float: 2^(top - 61 + floor(k / 32)) times the 24 bits under `top`, rounded to nearest */
    const uint32_t mantissa = (uint32_t)(a >> drop) - 0x800000u + (rest > half);
    const uint32_t bits = ((uint32_t)(top - 61 + (k >> 5) + 127) << 23) + mantissa;
    float out;
    __builtin_memcpy(&out, &bits, sizeof out);
    return out;
}

/* TFLite's float logistic (RVFW_LOGISTICF) on this exp: the same bits as rvfw_logisticf. */
static inline float rvfw_logisticf_int(float x)
{
    return RVFW_LOGISTICF(x, rvfw_expf_int);
}

#endif
