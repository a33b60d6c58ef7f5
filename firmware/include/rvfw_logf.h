/* SPDX-License-Identifier: Apache-2.0 */
/* logf() as the host C library TFLite Micro runs with computes it (glibc >= 2.28, the algorithm
 * of ARM's optimized-routines): x = 2^k z with z in [0x3f330000, 2 * that), log(z) as
 * log(c) + log1p(z / c - 1) for the centre c of one of 16 subintervals, a cubic for log1p, all in
 * double precision. The table ({1/c, log(c)} per subinterval, bit patterns of doubles) and the
 * polynomial are the C library's own data, read from the host's libm; tests/unit/test_float_expf.py
 * checks rvfw_logf against the host's logf. For positive finite normal x (LOG_SOFTMAX takes sums of
 * exponentials, at least 1). Compiled without floating-point contraction. */
#ifndef RVFW_LOGF_H
#define RVFW_LOGF_H

#include <stdint.h>

static const uint64_t rvfw_logf_table[32] = {
    0x3ff661ec79f8f3beULL, 0xbfd57bf7808caadeULL, 0x3ff571ed4aaf883dULL, 0xbfd2bef0a7c06ddbULL,
    0x3ff49539f0f010b0ULL, 0xbfd01eae7f513a67ULL, 0x3ff3c995b0b80385ULL, 0xbfcb31d8a68224e9ULL,
    0x3ff30d190c8864a5ULL, 0xbfc6574f0ac07758ULL, 0x3ff25e227b0b8ea0ULL, 0xbfc1aa2bc79c8100ULL,
    0x3ff1bb4a4a1a343fULL, 0xbfba4e76ce8c0e5eULL, 0x3ff12358f08ae5baULL, 0xbfb1973c5a611cccULL,
    0x3ff0953f419900a7ULL, 0xbfa252f438e10c1eULL, 0x3ff0000000000000ULL, 0x0000000000000000ULL,
    0x3fee608cfd9a47acULL, 0x3faaa5aa5df25984ULL, 0x3feca4b31f026aa0ULL, 0x3fbc5e53aa362eb4ULL,
    0x3feb2036576afce6ULL, 0x3fc526e57720db08ULL, 0x3fe9c2d163a1aa2dULL, 0x3fcbc2860d224770ULL,
    0x3fe886e6037841edULL, 0x3fd1058bc8a07ee1ULL, 0x3fe767dcf5534862ULL, 0x3fd4043057b6ee09ULL,
};

/* ix: the bits of a positive normal float, or of a subnormal times 2^23 less 23 in the exponent
 * field (glibc's normalisation; rvfw_log_f32_ref). */
static inline float rvfw_logf_scaled(uint32_t ix)
{
    if (ix == 0x3f800000u)
        return 0.0f;
    const uint64_t ln2_bits = 0x3fe62e42fefa39efULL, a_bits[3] = {0xbfd00ea348b88334ULL, 0x3fd5575b0be00b6aULL,
                                                            0xbfdffffef20a4123ULL};
    double ln2, a[3], invc, logc;
    __builtin_memcpy(&ln2, &ln2_bits, sizeof ln2);
    __builtin_memcpy(a, a_bits, sizeof a);
    const uint32_t tmp = ix - 0x3f330000u;
    const uint32_t i = (tmp >> (23 - 4)) % 16;
    const int32_t k = (int32_t)tmp >> 23; /* arithmetic */
    const uint32_t iz = ix - (tmp & 0xff800000u);
    __builtin_memcpy(&invc, &rvfw_logf_table[2 * i], sizeof invc);
    __builtin_memcpy(&logc, &rvfw_logf_table[2 * i + 1], sizeof logc);
    float zf;
    __builtin_memcpy(&zf, &iz, sizeof zf);
    const double z = (double)zf;
    const double r = z * invc - 1.0;
    const double y0 = logc + (double)k * ln2;
    const double r2 = r * r;
    double y = a[1] * r + a[2];
    y = a[0] * r2 + y;
    y = y * r2 + (y0 + r);
    return (float)y;
}

static inline float rvfw_logf(float x)
{
    uint32_t ix;
    __builtin_memcpy(&ix, &x, sizeof ix);
    return rvfw_logf_scaled(ix);
}

#endif
