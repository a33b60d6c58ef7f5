/* SPDX-License-Identifier: Apache-2.0 */
/* LiteRT's float32 GELU on cores without an FPU: the reference kernels' operations, one for one and
 * in the same order, on integer add, multiply and divide of the floats' bits (rvfw_softfloat.h)
 * instead of libgcc's soft-float calls. Any operand or result the integer path does not take (a
 * subnormal, an infinity, a NaN) sends that element to the reference's own code, so the result is
 * the reference's bits for every input. */
#ifndef RVFW_GELU_SOFT_H
#define RVFW_GELU_SOFT_H

#include "rvfw_erfc_eigen.h"
#include "rvfw_softfloat.h"
#include "rvfw_tanh_eigen.h"

/* a > b for b positive and normal, a any finite float's bits */
static inline int rvfw_sf_above(uint32_t a, uint32_t b)
{
    return !(a & RVFW_SF_SIGN) && a > b;
}

/* x clamped to [-c, c] (c positive and normal), on the bits; a NaN passes, as the references' compares */
static inline uint32_t rvfw_sf_clamp(uint32_t x, uint32_t c)
{
    return rvfw_sf_above(x, c) ? c : rvfw_sf_above(x ^ RVFW_SF_SIGN, c) ? c | RVFW_SF_SIGN : x;
}

/* Horner's rule over n coefficients, the highest power first (the reference's loop) */
static inline uint32_t rvfw_sf_polynomial(uint32_t x, const float *c, int n, int *odd)
{
    uint32_t y = rvfw_f32_bits(c[0]);
    for (int i = 1; i < n; ++i)
        y = rvfw_sf_add(rvfw_sf_mul(y, x, odd), rvfw_f32_bits(c[i]), odd);
    return y;
}

/* rvfw_gelu_tanh_eigen on integer arithmetic. */
static inline float rvfw_gelu_tanh_soft(float input)
{
    const uint32_t x = rvfw_f32_bits(input), magnitude = x & ~RVFW_SF_SIGN;
    /* |x| in [2^-40, 2^40): x^3 stays normal; the rest (0, tiny, huge, inf, NaN) is the reference's */
    if (magnitude < 0x2b800000u || magnitude >= 0x53800000u)
        return rvfw_gelu_tanh_eigen(input);
    int odd = 0;
    const uint32_t cube = rvfw_sf_mul(rvfw_sf_mul(x, x, &odd), x, &odd);
    const uint32_t sum = rvfw_sf_add(x, rvfw_sf_mul(rvfw_f32_bits(0.044715f), cube, &odd), &odd);
    const uint32_t inner = rvfw_sf_mul(rvfw_f32_bits(RVFW_SQRT_2_OVER_PI), sum, &odd);
    const uint32_t t = rvfw_sf_clamp(inner, rvfw_f32_bits(RVFW_TANH_EIGEN_CLAMP));
    const uint32_t t2 = rvfw_sf_mul(t, t, &odd);
    const uint32_t t3 = rvfw_sf_mul(t2, t, &odd);
    const uint32_t p = rvfw_sf_polynomial(t2, rvfw_tanh_eigen_num, 4, &odd);
    const uint32_t q = rvfw_sf_polynomial(t2, rvfw_tanh_eigen_den, 5, &odd);
    const uint32_t tanh = rvfw_sf_div(rvfw_sf_add(rvfw_sf_mul(t3, p, &odd), t, &odd), q, &odd);
    const uint32_t half = rvfw_sf_mul(rvfw_f32_bits(0.5f), x, &odd);
    const uint32_t out = rvfw_sf_mul(half, rvfw_sf_add(rvfw_f32_bits(1.0f), tanh, &odd), &odd);
    return odd ? rvfw_gelu_tanh_eigen(input) : rvfw_f32_from_bits(out);
}

/* floor(t) of a finite float's bits, |t| < 2^31 */
static inline int32_t rvfw_sf_floor(uint32_t t)
{
    const int32_t k = rvfw_sf_to_int(t); /* toward zero */
    return (t & RVFW_SF_SIGN) && rvfw_sf_from_int(k) != t ? k - 1 : k;
}

/* rvfw_eigen_expf of v in [-104, -1] (-x^2 in erfc's large branch); *odd where 2^m takes the
 * result below the normal range (m < -125), which the reference then computes. */
static inline uint32_t rvfw_eigen_expf_soft(uint32_t v, int *odd)
{
    const int32_t k = rvfw_sf_floor(rvfw_sf_add(rvfw_sf_mul(v, rvfw_f32_bits(1.44269504088896341f), odd),
                                                rvfw_f32_bits(0.5f), odd));  /* fmt: skip */
    if (k < -125) {
        *odd = 1;
        return 0;
    }
    const uint32_t m = rvfw_sf_from_int(k);
    uint32_t r = rvfw_sf_add(rvfw_sf_mul(m, rvfw_f32_bits(-0.693359375f), odd), v, odd);
    r = rvfw_sf_add(rvfw_sf_mul(m, rvfw_f32_bits(2.12194440e-4f), odd), r, odd);
    const uint32_t r2 = rvfw_sf_mul(r, r, odd);
    uint32_t even = rvfw_sf_add(rvfw_sf_mul(r2, rvfw_f32_bits(1.37449637986719608306884765625e-3f), odd),
                                rvfw_f32_bits(4.166965186595916748046875e-2f), odd);  /* fmt: skip */
    const uint32_t odd_part = rvfw_sf_add(rvfw_sf_mul(r2, rvfw_f32_bits(8.36894474923610687255859375e-3f), odd),
                                          rvfw_f32_bits(0.16666518151760101318359375f), odd);  /* fmt: skip */
    even = rvfw_sf_add(rvfw_sf_mul(r2, even, odd), rvfw_f32_bits(0.49999988079071044921875f), odd);
    uint32_t y = rvfw_sf_add(rvfw_sf_mul(r, odd_part, odd), even, odd);
    y = rvfw_sf_add(rvfw_sf_mul(r2, y, odd), rvfw_sf_add(r, rvfw_f32_bits(1.0f), odd), odd);
    /* y * 2^k, exact for a normal result (Eigen's four factors round nowhere then); y in (0.5, 2) */
    const int32_t biased = (int32_t)((y >> 23) & 0xff) + k;
    if (biased <= 0) {
        *odd = 1;
        return 0;
    }
    return y + ((uint32_t)k << 23);
}

/* rvfw_gelu_eigen(x, i, n) on integer arithmetic, for the elements on Eigen's vector side (the
 * last n % 4, whose exp is the C library's, take the reference's code). */
static inline float rvfw_gelu_soft(float input, int32_t i, int32_t n)
{
    const uint32_t x = rvfw_f32_bits(input), magnitude = x & ~RVFW_SF_SIGN;
    if (magnitude < 0x2b800000u || magnitude >= 0x53800000u || i >= n - n % 4)
        return rvfw_gelu_eigen(input, i, n);
    int odd = 0;
    const uint32_t eleven = rvfw_f32_bits(11.0f), one = rvfw_f32_bits(1.0f);
    uint32_t xe = rvfw_sf_mul(x, rvfw_f32_bits((float)-0.70710678118654752440), &odd);
    xe = rvfw_sf_clamp(xe, eleven);
    const uint32_t x2 = rvfw_sf_mul(xe, xe, &odd);
    uint32_t erfc;
    if (!rvfw_sf_above(x2, one)) {
        erfc = rvfw_sf_add(rvfw_sf_mul(xe, rvfw_sf_polynomial(x2, rvfw_erfc_small, 6, &odd), &odd), one, &odd);
    } else {
        /* x^2's rounding error, exactly: the 48-bit square of xe's mantissa less x2's, scaled */
        const int32_t ex = (int32_t)((xe >> 23) & 0xff), e2 = (int32_t)((x2 >> 23) & 0xff);
        const uint64_t mx = (xe & 0x7fffffu) | 0x800000u, m2 = (x2 & 0x7fffffu) | 0x800000u;
        const int64_t low = (int64_t)(mx * mx) - (int64_t)(m2 << (e2 - 2 * ex + 150)); /* |low| <= 2^23 */
        uint32_t x2_lo = rvfw_sf_from_int((int32_t)low);
        if (x2_lo)
            x2_lo += (uint32_t)(2 * ex - 300) << 23;
        /* exp(-x^2) below -104 is 0 (Eigen's pexp) */
        const uint32_t e = rvfw_sf_above(x2, rvfw_f32_bits(104.0f)) ? 0 : rvfw_eigen_expf_soft(x2 ^ RVFW_SF_SIGN, &odd);
        const uint32_t z = rvfw_sf_sub(e, rvfw_sf_mul(e, x2_lo, &odd), &odd);
        const uint32_t q2 = rvfw_sf_div(one, x2, &odd);
        const uint32_t r = rvfw_sf_div(rvfw_sf_polynomial(q2, rvfw_erfc_num, 4, &odd),
                                       rvfw_sf_mul(xe, rvfw_sf_polynomial(q2, rvfw_erfc_den, 5, &odd), &odd), &odd);
        erfc = rvfw_sf_add(rvfw_sf_mul(z, r, &odd), (xe & RVFW_SF_SIGN) ? rvfw_f32_bits(2.0f) : 0, &odd);
    }
    const uint32_t out = rvfw_sf_mul(rvfw_sf_mul(rvfw_f32_bits(0.5f), x, &odd), erfc, &odd);
    return odd ? rvfw_gelu_eigen(input, i, n) : rvfw_f32_from_bits(out);
}

#endif
