/* SPDX-License-Identifier: Apache-2.0 */
/* sinf() and cosf() as the host C library TFLite Micro runs with computes them (glibc >= 2.28,
 * the algorithm of ARM's optimized-routines): |x| < pi/4 straight into the polynomials; |x| < 120
 * reduced by one multiply-subtract with pi/2; larger x reduced with a 192-bit table of 4/pi in
 * integer arithmetic; then one of two polynomials in double precision (sine's odd one, or
 * cosine's even one, negated where the quadrant asks). The constants are the C library's data.
 * On x86-64 CPUs with FMA the host's libm runs its FMA build (its multiply-adds fused): RVFW_SINF_FMA
 * 1 fuses the same ones here (tests/unit/test_float_sinf.py checks every float against the host).
 * Non-finite inputs: NaN stays NaN (quieted), +-inf gives the x86-64 default NaN, as the host's. */
#ifndef RVFW_SINF_H
#define RVFW_SINF_H

#include <math.h>
#include <stdint.h>

#ifndef RVFW_SINF_FMA
#define RVFW_SINF_FMA 1
#endif

#if RVFW_SINF_FMA
#define RVFW_MADD(a, b, c) fma((a), (b), (c)) /* a * b + c, rounded once */
#else
#define RVFW_MADD(a, b, c) ((a) * (b) + (c))
#endif

typedef struct {
    double sign[4];
    double hpi_inv, hpi, c0, c1, c2, c3, c4, s1, s2, s3;
} rvfw_sincos_consts;

/* The second row computes -cos(x), so a quadrant's negation costs nothing. */
static const rvfw_sincos_consts rvfw_sincosf_consts[2] = {
    {{1.0, -1.0, -1.0, 1.0}, 0x1.45F306DC9C883p+23, 0x1.921FB54442D18p0, 0x1p0, -0x1.ffffffd0c621cp-2,
     0x1.55553e1068f19p-5, -0x1.6c087e89a359dp-10, 0x1.99343027bf8c3p-16, -0x1.555545995a603p-3,
     0x1.1107605230bc4p-7, -0x1.994eb3774cf24p-13},
    {{1.0, -1.0, -1.0, 1.0}, 0x1.45F306DC9C883p+23, 0x1.921FB54442D18p0, -0x1p0, 0x1.ffffffd0c621cp-2,
     -0x1.55553e1068f19p-5, 0x1.6c087e89a359dp-10, -0x1.99343027bf8c3p-16, -0x1.555545995a603p-3,
     0x1.1107605230bc4p-7, -0x1.994eb3774cf24p-13},
};

/* 4/pi to 192 bits, 8 new bits per word (so any 32-bit window is one aligned load). */
static const uint32_t rvfw_inv_pio4[24] = {
    0xa2,       0xa2f9,     0xa2f983,   0xa2f9836e, 0xf9836e4e, 0x836e4e44, 0x6e4e4415, 0x4e441529,
    0x441529fc, 0x1529fc27, 0x29fc2757, 0xfc2757d1, 0x2757d1f5, 0x57d1f534, 0xd1f534dd, 0xf534ddc0,
    0x34ddc0db, 0xddc0db62, 0xc0db6295, 0xdb629599, 0x6295993c, 0x95993c43, 0x993c4390, 0x3c439041,
};

static inline uint32_t rvfw_sinf_top12(float x)
{
    uint32_t bits;
    __builtin_memcpy(&bits, &x, sizeof bits);
    return (bits >> 20) & 0x7ff;
}

/* The sine polynomial for even quadrants n, the cosine one for odd; x2 = x * x. */
static inline float rvfw_sincosf_poly(double x, double x2, const rvfw_sincos_consts *p, int n)
{
    if ((n & 1) == 0) {
        const double x3 = x * x2;
        const double s1 = RVFW_MADD(x2, p->s3, p->s2);
        const double x7 = x3 * x2;
        const double s = RVFW_MADD(x3, p->s1, x);
        return (float)RVFW_MADD(x7, s1, s);
    }
    const double x4 = x2 * x2;
    const double c2 = RVFW_MADD(x2, p->c4, p->c3);
    const double c1 = RVFW_MADD(x2, p->c1, p->c0);
    const double x6 = x4 * x2;
    const double c = RVFW_MADD(x4, p->c2, c1);
    return (float)RVFW_MADD(x6, c2, c);
}

/* |x| < 120: x less the nearest multiple of pi/2 (quadrant in *np). */
static inline double rvfw_sinf_reduce_fast(double x, const rvfw_sincos_consts *p, int *np)
{
    const double r = x * p->hpi_inv;
    const int n = ((int)r + 0x800000) >> 24;
    *np = n;
    return RVFW_MADD(-(double)n, p->hpi, x);
}

/* |x| >= 120 (bits xi, sign ignored): the 2.62 fixed-point remainder of x * 4/pi, exact. */
static inline double rvfw_sinf_reduce_large(uint32_t xi, int *np)
{
    const uint32_t *arr = &rvfw_inv_pio4[(xi >> 26) & 15];
    const int shift = (xi >> 23) & 7;
    xi = ((xi & 0xffffff) | 0x800000) << shift;
    uint64_t res0 = (uint32_t)(xi * arr[0]); /* the low 32 bits only, as the C library's */
    const uint64_t res1 = (uint64_t)xi * arr[4];
    const uint64_t res2 = (uint64_t)xi * arr[8];
    res0 = (res2 >> 32) | (res0 << 32);
    res0 += res1;
    const uint64_t n = (res0 + (1ULL << 61)) >> 62;
    res0 -= n << 62;
    *np = (int)n;
    return (double)(int64_t)res0 * 0x1.921FB54442D18p-62; /* pi * 2^-64 */
}

static inline float rvfw_sincosf_special(float y)
{
    uint32_t bits;
    __builtin_memcpy(&bits, &y, sizeof bits);
    bits = (bits & 0x7fffffffu) > 0x7f800000u ? bits | 0x00400000u : 0xffc00000u; /* NaN quieted; inf */
    float out;
    __builtin_memcpy(&out, &bits, sizeof out);
    return out;
}

/* cosine: odd = 1 (the polynomials swap), sine: odd = 0 */
static inline float rvfw_sincosf(float y, int odd)
{
    const rvfw_sincos_consts *p = &rvfw_sincosf_consts[0];
    double x = y;
    int n;
    const uint32_t top = rvfw_sinf_top12(y);
    if (top < rvfw_sinf_top12(0x1.921fb6p-1f)) { /* pi/4 */
        if (top < rvfw_sinf_top12(0x1p-12f))
            return odd ? 1.0f : y;
        return rvfw_sincosf_poly(x, x * x, p, odd);
    }
    if (top < rvfw_sinf_top12(120.0f)) {
        x = rvfw_sinf_reduce_fast(x, p, &n);
        const double s = p->sign[n & 3];
        if (n & 2)
            p = &rvfw_sincosf_consts[1];
        return rvfw_sincosf_poly(x * s, x * x, p, n ^ odd);
    }
    if (top < rvfw_sinf_top12(INFINITY)) {
        uint32_t xi;
        __builtin_memcpy(&xi, &y, sizeof xi);
        const int sign = (int)(xi >> 31);
        x = rvfw_sinf_reduce_large(xi, &n);
        const double s = p->sign[(n + sign) & 3];
        if ((n + sign) & 2)
            p = &rvfw_sincosf_consts[1];
        return rvfw_sincosf_poly(x * s, x * x, p, n ^ odd);
    }
    return rvfw_sincosf_special(y);
}

static inline float rvfw_sinf(float y) { return rvfw_sincosf(y, 0); }
static inline float rvfw_cosf(float y) { return rvfw_sincosf(y, 1); }

#endif
