/* SPDX-License-Identifier: Apache-2.0 */
/* expf() as the host C library TFLite Micro runs with computes it (glibc >= 2.28, the algorithm
 * of ARM's optimized-routines): x / ln2 split into k / 32 + r, 2^(k/32) from a table, a cubic in
 * r, all in double precision. rvfw's float SOFTMAX must match TFLite Micro bit for bit, and the
 * C library on the target (picolibc) rounds differently. The table holds
 * bits(2^(i/32)) - (i << 52) / 32 (computed in codegen/fixedpoint-style Python and checked by
 * tests/unit/test_float_expf.py against the host's expf). Compiled without floating-point
 * contraction; arguments below about -103.97 give 0, and there is no overflow path: callers
 * stay below 88 (softmax takes x <= 0, the logistic |x| < 17). */
#ifndef RVFW_EXPF_H
#define RVFW_EXPF_H

#include <stdint.h>

static const uint64_t rvfw_exp2f_table[32] = {
    0x3ff0000000000000ULL, 0x3fefd9b0d3158574ULL, 0x3fefb5586cf9890fULL, 0x3fef9301d0125b51ULL,
    0x3fef72b83c7d517bULL, 0x3fef54873168b9aaULL, 0x3fef387a6e756238ULL, 0x3fef1e9df51fdee1ULL,
    0x3fef06fe0a31b715ULL, 0x3feef1a7373aa9cbULL, 0x3feedea64c123422ULL, 0x3feece086061892dULL,
    0x3feebfdad5362a27ULL, 0x3feeb42b569d4f82ULL, 0x3feeab07dd485429ULL, 0x3feea47eb03a5585ULL,
    0x3feea09e667f3bcdULL, 0x3fee9f75e8ec5f74ULL, 0x3feea11473eb0187ULL, 0x3feea589994cce13ULL,
    0x3feeace5422aa0dbULL, 0x3feeb737b0cdc5e5ULL, 0x3feec49182a3f090ULL, 0x3feed503b23e255dULL,
    0x3feee89f995ad3adULL, 0x3feeff76f2fb5e47ULL, 0x3fef199bdd85529cULL, 0x3fef3720dcef9069ULL,
    0x3fef5818dcfba487ULL, 0x3fef7c97337b9b5fULL, 0x3fefa4afa2a490daULL, 0x3fefd0765b6e4540ULL,
};

/* On x86-64 CPUs with FMA the host's libm runs its FMA build of the same algorithm (x / ln2
 * split by fused multiply-adds, the cubic fused). Compared on every float in [-104, 88], the two
 * builds differ at exactly these two arguments (the FMA build rounds the other way, 0.5001 ulp
 * off); rvfw returns what TFLite Micro's expf returns on such a host. */
enum {
    RVFW_EXPF_FMA_X0 = (int32_t)0xC27C65D9u, /* -0x1.f8cbb2p+5 -> 0x1.f45326p-92 */
    RVFW_EXPF_FMA_Y0 = 0x11FA2993,
    RVFW_EXPF_FMA_X1 = 0x4202422F, /* 0x1.04845ep+5 -> 0x1.f93e38p+46 */
    RVFW_EXPF_FMA_Y1 = 0x56FC9F1C,
};

static inline int rvfw_expf_fma_exception(uint32_t ix, uint32_t *result)
{
    if (ix == (uint32_t)RVFW_EXPF_FMA_X0 || ix == (uint32_t)RVFW_EXPF_FMA_X1) {
        *result = ix == (uint32_t)RVFW_EXPF_FMA_X0 ? (uint32_t)RVFW_EXPF_FMA_Y0 : (uint32_t)RVFW_EXPF_FMA_Y1;
        return 1;
    }
    return 0;
}

static inline float rvfw_expf(float x)
{
    if (x < -0x1.9fe368p6f)
        return 0.0f;
    uint32_t ix, exception;
    __builtin_memcpy(&ix, &x, sizeof ix);
    if (__builtin_expect(rvfw_expf_fma_exception(ix, &exception), 0)) {
        float out;
        __builtin_memcpy(&out, &exception, sizeof out);
        return out;
    }
    const double inv_ln2_n = 0x1.71547652b82fep+0 * 32, shift = 0x1.8p+52;
    const double c0 = 0x1.c6af84b912394p-5 / 32 / 32 / 32, c1 = 0x1.ebfce50fac4f3p-3 / 32 / 32;
    const double c2 = 0x1.62e42ff0c52d6p-1 / 32;
    const double z = inv_ln2_n * (double)x;
    double kd = z + shift;
    uint64_t ki;
    __builtin_memcpy(&ki, &kd, sizeof ki);
    kd -= shift;
    const double r = z - kd;
    const uint64_t t = rvfw_exp2f_table[ki % 32] + (ki << (52 - 5));
    double s;
    __builtin_memcpy(&s, &t, sizeof s);
    const double p = c0 * r + c1, r2 = r * r;
    double y = c2 * r + 1;
    y = p * r2 + y;
    return (float)(y * s);
}

/* TFLite's float logistic (reference_ops::Logistic): 1 above 16.62, exp(x) below -9; EXP the exp
 * function (rvfw_expf, or rvfw_expf_int where there is no double-precision FPU). */
#define RVFW_LOGISTICF(x, EXP)                                                                                     \
    ((x) > 16.619047164916992188f ? 1.0f : (x) < -9.0f ? EXP(x) : 1.0f / (1.0f + EXP(-(x))))

static inline float rvfw_logisticf(float x)
{
    return RVFW_LOGISTICF(x, rvfw_expf);
}

#endif
