/* SPDX-License-Identifier: Apache-2.0 */
/* POW, float32, with broadcasting, reference: LiteRT's (TFLite Micro has no POW): std::pow of the
 * two floats, no clamp. On LiteRT's host that is glibc's powf (>= 2.28, the algorithm of ARM's
 * optimized-routines), which is not correctly rounded, so rvfw computes it as glibc does: x = 2^k z
 * with z in [0x3f330000, 2 * that), log2(x) = k + log2(c) + log1p(z / c - 1) / ln 2 for the centre c
 * of one of 16 subintervals (1/c from logf's table, log2(c) the C library's powf data) and a degree-5 polynomial, all in
 * double precision; times y; then 2^(y log2 x) as 2^(j/32) (rvfw_exp2f_table, expf's) times a cubic
 * of the remainder, rounded once to float. Special values as glibc's: x^0 = 1, 1^y = 1, NaN
 * propagated, zeros and infinities by their signs, a negative x with an integer y signed by its
 * parity and with any other y NaN, overflow to infinity and underflow to zero past the thresholds.
 * Measured equal to the host's powf on 39 million (x, y) pairs. Compiled without floating-point
 * contraction (the host's FMA build agreed with the unfused form on every pair tried). */
#include <string.h>

#include "rvfw_broadcast.h"
#include "rvfw_expf.h"
#include "rvfw_logf.h"

/* log2(c) of the 16 subintervals whose 1/c logf's table holds (rvfw_logf_table: the same centres) */
static const uint64_t rvfw_powf_log2c[16] = {
    0xbfdefec65b963019ULL, 0xbfdb0b6832d4fca4ULL, 0xbfd7418b0a1fb77bULL, 0xbfd39de91a6dcf7bULL,
    0xbfd01d9bf3f2b631ULL, 0xbfc97c1d1b3b7af0ULL, 0xbfc2f9e393af3c9fULL, 0xbfb960cbbf788d5cULL,
    0xbfaa6f9db6475fceULL, 0x0000000000000000ULL, 0x3fb338ca9f24f53dULL, 0x3fc476a9543891baULL,
    0x3fce840b4ac4e4d2ULL, 0x3fd40645f0c6651cULL, 0x3fd88e9c2c1b9ff8ULL, 0x3fdce0a44eb17bccULL,
};
/* log1p(r) / ln 2 (degree 5, highest first), 2^r (C0 r^3 + C1 r^2 + C2 r + 1), the rounding shift
 * 1.5 * 2^52 / 32, and y log2 x past which the power overflows float */
static const uint64_t rvfw_powf_consts[10] = {
    0x3fd27616c9496e0bULL, 0xbfd71969a075c67aULL, 0x3fdec70a6ca7baddULL, 0xbfe7154748bef6c8ULL, 0x3ff71547652ab82bULL,
    0x3fac6af84b912394ULL, 0x3fcebfce50fac4f3ULL, 0x3fe62e42ff0c52d6ULL, 0x42e8000000000000ULL, 0x405fffffffd1d571ULL,
};

static double bits_double(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

static uint64_t double_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* 0: y is not an integer; 1: an odd one; 2: an even one (y finite and non-zero). */
static int integer_kind(uint32_t iy)
{
    const int e = (int)(iy >> 23 & 0xff);
    if (e < 0x7f)
        return 0;
    if (e > 0x7f + 23)
        return 2;
    if (iy & ((1u << (0x7f + 23 - e)) - 1))
        return 0;
    return iy & (1u << (0x7f + 23 - e)) ? 1 : 2;
}

static int zero_inf_nan(uint32_t ix) { return 2 * ix - 1 >= 2u * 0x7f800000 - 1; }

static int signaling(uint32_t ix) { return 2 * (ix ^ 0x00400000u) > 2u * 0x7fc00000u; }

static float bits_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* x + y with a NaN among them as the x86-64 hosts LiteRT runs on give it: the first NaN, quieted
 * (RISC-V would give its canonical NaN). */
static float nan_sum(uint32_t ix, uint32_t iy)
{
    return bits_float(((ix & 0x7fffffffu) > 0x7f800000u ? ix : iy) | 0x00400000u);
}

static double log2_of(uint32_t ix)
{
    const uint32_t tmp = ix - 0x3f330000u;
    const uint32_t i = (tmp >> 19) % 16;
    const uint32_t top = tmp & 0xff800000u;
    const uint32_t iz = ix - top;
    const int32_t k = (int32_t)top >> 23; /* arithmetic */
    const double invc = bits_double(rvfw_logf_table[2 * i]), logc = bits_double(rvfw_powf_log2c[i]);
    float zf;
    memcpy(&zf, &iz, sizeof zf);
    const double z = (double)zf;
    double c[5];
    for (int j = 0; j < 5; ++j)
        c[j] = bits_double(rvfw_powf_consts[j]);
    const double r = z * invc - 1.0;
    const double y0 = logc + (double)k;
    const double r2 = r * r;
    double y = c[0] * r + c[1];
    const double p = c[2] * r + c[3];
    const double r4 = r2 * r2;
    double q = c[4] * r + y0;
    q = p * r2 + q;
    y = y * r4 + q;
    return y;
}

static float exp2_of(double xd, uint32_t sign_bias)
{
    const double shift = bits_double(rvfw_powf_consts[8]);
    double kd = xd + shift;
    const uint64_t ki = double_bits(kd);
    kd -= shift;
    const double r = xd - kd;
    const uint64_t t = rvfw_exp2f_table[ki % 32] + ((ki + sign_bias) << 47);
    const double s = bits_double(t);
    const double z = bits_double(rvfw_powf_consts[5]) * r + bits_double(rvfw_powf_consts[6]);
    const double r2 = r * r;
    double y = bits_double(rvfw_powf_consts[7]) * r + 1.0;
    y = z * r2 + y;
    return (float)(y * s);
}

static float rvfw_powf(float x, float y)
{
    uint32_t sign_bias = 0, ix = float_bits(x);
    const uint32_t iy = float_bits(y);
    if (ix - 0x00800000u >= 0x7f800000u - 0x00800000u || zero_inf_nan(iy)) {
        if (zero_inf_nan(iy)) {
            if (2 * iy == 0)
                return signaling(ix) ? nan_sum(ix, iy) : 1.0f;
            if (ix == 0x3f800000u)
                return signaling(iy) ? nan_sum(ix, iy) : 1.0f;
            if (2 * ix > 2u * 0x7f800000u || 2 * iy > 2u * 0x7f800000u)
                return nan_sum(ix, iy);
            if (2 * ix == 2u * 0x3f800000u)
                return 1.0f;
            if ((2 * ix < 2u * 0x3f800000u) == !(iy & 0x80000000u))
                return 0.0f; /* |x| < 1 and y = inf, or |x| > 1 and y = -inf */
            return y * y;
        }
        if (zero_inf_nan(ix)) {
            float x2 = x * x;
            if ((ix & 0x80000000u) && integer_kind(iy) == 1)
                x2 = -x2;
            return iy & 0x80000000u ? 1.0f / x2 : x2;
        }
        if (ix & 0x80000000u) { /* a finite x < 0 */
            const int kind = integer_kind(iy);
            if (kind == 0)
                return bits_float(0xffc00000u); /* the x86-64 default NaN, as 0 / 0 gives it there */
            if (kind == 1)
                sign_bias = 1u << 16;
            ix &= 0x7fffffffu;
        }
        if (ix < 0x00800000u) { /* a subnormal x, normalised: its exponent field goes negative */
            ix = float_bits(x * 0x1p23f) & 0x7fffffffu;
            ix -= 23u << 23;
        }
    }
    const double ylogx = (double)y * log2_of(ix);
    if ((double_bits(ylogx) >> 47 & 0xffff) >= double_bits(126.0) >> 47) {
        if (ylogx > bits_double(rvfw_powf_consts[9]))
            return sign_bias ? -__builtin_inff() : __builtin_inff();
        if (ylogx <= -150.0)
            return sign_bias ? -0.0f : 0.0f;
        if (ylogx < -149.0)
            return sign_bias ? -0x1p-149f : 0x1p-149f;
    }
    return exp2_of(ylogx, sign_bias);
}

RVFW_KERNEL void rvfw_pow_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act,
                                  float *output)
{
#define ELEMENT(ia, ib, io) output[io] = rvfw_clamp_f32(rvfw_powf(a[ia], b[ib]), act)
    RVFW_BROADCAST_FOR(p, ELEMENT);
}
