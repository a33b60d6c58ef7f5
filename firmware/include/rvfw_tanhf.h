/* SPDX-License-Identifier: Apache-2.0 */
/* tanhf() as the host C library TFLite Micro runs with computes it (glibc 2.36: the fdlibm
 * algorithm), so that float TANH and the float LSTM match TFLite Micro bit for bit where
 * picolibc's tanhf rounds differently. tanh(x) = 1 - 2 / (expm1(2|x|) + 2) for |x| >= 1 and
 * -expm1(-2|x|) / (expm1(-2|x|) + 2) below, with fdlibm's float expm1: reduction by k ln2 (ln2
 * split in a high part exact in float and a low part), a rational correction in |r| <= ln2/2, and
 * the result rebuilt by adding k to the exponent. Single precision throughout, no contraction
 * (tests/unit/test_float_expf.py checks it against the host's tanhf). */
#ifndef RVFW_TANHF_H
#define RVFW_TANHF_H

#include <stdint.h>

#include "rvfw_softfloat.h" /* rvfw_f32_bits, rvfw_f32_from_bits */

/* expm1f for finite x < 44 (tanhf's arguments, and ELU's negative ones). */
static inline float rvfw_expm1f(float x)
{
    const float ln2_hi = 6.9313812256e-01f, ln2_lo = 9.0580006145e-06f, inv_ln2 = 1.4426950216e+00f;
    const float q1 = -3.3333335072e-02f, q2 = 1.5873016091e-03f, q3 = -7.9365076090e-05f;
    const float q4 = 4.0082177293e-06f, q5 = -2.0109921195e-07f;
    const uint32_t bits = rvfw_f32_bits(x), magnitude = bits & 0x7fffffffu;
    const int negative = (bits >> 31) != 0;
    if (magnitude >= 0x4195b844u && negative) /* x <= -27 ln2: -1 to float precision */
        return 1.0e-30f - 1.0f;
    int32_t k = 0;
    float c = 0.0f;
    if (magnitude > 0x3eb17218u) { /* |x| > ln2 / 2: reduce by k ln2 */
        float hi, lo;
        if (magnitude < 0x3f851592u) { /* and < 1.5 ln2: k = +-1 */
            k = negative ? -1 : 1;
            hi = negative ? x + ln2_hi : x - ln2_hi;
            lo = negative ? -ln2_lo : ln2_lo;
        } else {
            k = (int32_t)(inv_ln2 * x + (negative ? -0.5f : 0.5f));
            const float kf = (float)k;
            hi = x - kf * ln2_hi; /* exact */
            lo = kf * ln2_lo;
        }
        x = hi - lo;
        c = (hi - x) - lo;
    } else if (magnitude < 0x33000000u) { /* |x| < 2^-25 */
        return x;
    }
    const float half_x = 0.5f * x, half_x2 = x * half_x;
    const float r1 = 1.0f + half_x2 * (q1 + half_x2 * (q2 + half_x2 * (q3 + half_x2 * (q4 + half_x2 * q5))));
    const float t = 3.0f - r1 * half_x;
    float e = half_x2 * ((r1 - t) / (6.0f - x * t));
    if (k == 0)
        return x - (x * e - half_x2);
    e = x * (e - c) - c;
    e -= half_x2;
    if (k == -1)
        return 0.5f * (x - e) - 0.5f;
    if (k == 1)
        return x < -0.25f ? -2.0f * (e - (x + 0.5f)) : 1.0f + 2.0f * (x - e);
    if (k <= -2 || k > 56) {
        const float y = 1.0f - (e - x);
        return rvfw_f32_from_bits(rvfw_f32_bits(y) + ((uint32_t)k << 23)) - 1.0f;
    }
    if (k < 23) {
        const float one_minus = rvfw_f32_from_bits(0x3f800000u - (0x1000000u >> k)); /* 1 - 2^-k */
        const float y = one_minus - (e - x);
        return rvfw_f32_from_bits(rvfw_f32_bits(y) + ((uint32_t)k << 23));
    }
    const float y = (x - (e + rvfw_f32_from_bits((uint32_t)(0x7f - k) << 23))) + 1.0f; /* 2^-k */
    return rvfw_f32_from_bits(rvfw_f32_bits(y) + ((uint32_t)k << 23));
}

static inline float rvfw_tanhf(float x)
{
    const uint32_t bits = rvfw_f32_bits(x), magnitude = bits & 0x7fffffffu;
    if (magnitude >= 0x7f800000u) /* +-inf: +-1; NaN stays NaN */
        return (bits >> 31) ? 1.0f / x - 1.0f : 1.0f / x + 1.0f;
    float z;
    if (magnitude >= 0x41b00000u) { /* |x| >= 22 */
        z = 1.0f - 1.0e-30f;
    } else if (magnitude == 0) {
        return x;
    } else if (magnitude < 0x24000000u) { /* |x| < 2^-55 */
        return x * (1.0f + x);
    } else {
        const float a = rvfw_f32_from_bits(magnitude);
        if (magnitude >= 0x3f800000u) {
            const float t = rvfw_expm1f(2.0f * a);
            z = 1.0f - 2.0f / (t + 2.0f);
        } else {
            const float t = rvfw_expm1f(-2.0f * a);
            z = -t / (t + 2.0f);
        }
    }
    return (bits >> 31) ? -z : z;
}

#endif
