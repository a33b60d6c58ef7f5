/* SPDX-License-Identifier: Apache-2.0 */
/* rvfw_tanhf (rvfw_tanhf.h) for cores without an FPU: the same single-precision operations in the
 * same order, each on rvfw_softfloat.h's add, multiply and divide instead of libgcc's calls, so the
 * bits are the reference's. An operation that leaves the normal range (which only inputs near
 * 2^-55 or the saturation bound could reach) makes rvfw_tanhf_soft() return the reference's own
 * result for that input. */
#ifndef RVFW_TANHF_SOFT_H
#define RVFW_TANHF_SOFT_H

#include "rvfw_softfloat.h"
#include "rvfw_tanhf.h"

/* A float constant's bits (folded at build time). */
#define RVFW_SF(x) rvfw_f32_bits(x)

static inline uint32_t rvfw_expm1f_soft(uint32_t x, int *odd)
{
    const uint32_t ln2_hi = RVFW_SF(6.9313812256e-01f), ln2_lo = RVFW_SF(9.0580006145e-06f),
                   inv_ln2 = RVFW_SF(1.4426950216e+00f);
    const uint32_t q1 = RVFW_SF(-3.3333335072e-02f), q2 = RVFW_SF(1.5873016091e-03f),
                   q3 = RVFW_SF(-7.9365076090e-05f), q4 = RVFW_SF(4.0082177293e-06f),
                   q5 = RVFW_SF(-2.0109921195e-07f);
    const uint32_t one = RVFW_SF(1.0f), half = RVFW_SF(0.5f);
    const uint32_t magnitude = x & 0x7fffffffu;
    const int negative = (x >> 31) != 0;
    if (magnitude >= 0x4195b844u && negative)
        return RVFW_SF(1.0e-30f - 1.0f);
    int32_t k = 0;
    uint32_t c = 0;
    if (magnitude > 0x3eb17218u) {
        uint32_t hi, lo;
        if (magnitude < 0x3f851592u) {
            k = negative ? -1 : 1;
            hi = negative ? rvfw_sf_add(x, ln2_hi, odd) : rvfw_sf_sub(x, ln2_hi, odd);
            lo = negative ? ln2_lo ^ RVFW_SF_SIGN : ln2_lo;
        } else {
            k = rvfw_sf_to_int(rvfw_sf_add(rvfw_sf_mul(inv_ln2, x, odd), negative ? half ^ RVFW_SF_SIGN : half, odd));
            const uint32_t kf = rvfw_sf_from_int(k);
            hi = rvfw_sf_sub(x, rvfw_sf_mul(kf, ln2_hi, odd), odd);
            lo = rvfw_sf_mul(kf, ln2_lo, odd);
        }
        x = rvfw_sf_sub(hi, lo, odd);
        c = rvfw_sf_sub(rvfw_sf_sub(hi, x, odd), lo, odd);
    } else if (magnitude < 0x33000000u) {
        return x;
    }
    const uint32_t half_x = rvfw_sf_mul(half, x, odd), half_x2 = rvfw_sf_mul(x, half_x, odd);
    uint32_t poly = rvfw_sf_add(q4, rvfw_sf_mul(half_x2, q5, odd), odd);
    poly = rvfw_sf_add(q3, rvfw_sf_mul(half_x2, poly, odd), odd);
    poly = rvfw_sf_add(q2, rvfw_sf_mul(half_x2, poly, odd), odd);
    poly = rvfw_sf_add(q1, rvfw_sf_mul(half_x2, poly, odd), odd);
    const uint32_t r1 = rvfw_sf_add(one, rvfw_sf_mul(half_x2, poly, odd), odd);
    const uint32_t t = rvfw_sf_sub(RVFW_SF(3.0f), rvfw_sf_mul(r1, half_x, odd), odd);
    const uint32_t ratio = rvfw_sf_div(rvfw_sf_sub(r1, t, odd),
                                       rvfw_sf_sub(RVFW_SF(6.0f), rvfw_sf_mul(x, t, odd), odd), odd);
    uint32_t e = rvfw_sf_mul(half_x2, ratio, odd);
    if (k == 0)
        return rvfw_sf_sub(x, rvfw_sf_sub(rvfw_sf_mul(x, e, odd), half_x2, odd), odd);
    e = rvfw_sf_sub(rvfw_sf_mul(x, rvfw_sf_sub(e, c, odd), odd), c, odd);
    e = rvfw_sf_sub(e, half_x2, odd);
    if (k == -1)
        return rvfw_sf_sub(rvfw_sf_mul(half, rvfw_sf_sub(x, e, odd), odd), half, odd);
    if (k == 1) {
        if ((x & RVFW_SF_SIGN) && (x & 0x7fffffffu) > RVFW_SF(0.25f)) /* x < -0.25 */
            return rvfw_sf_mul(RVFW_SF(-2.0f), rvfw_sf_sub(e, rvfw_sf_add(x, half, odd), odd), odd);
        return rvfw_sf_add(one, rvfw_sf_mul(RVFW_SF(2.0f), rvfw_sf_sub(x, e, odd), odd), odd);
    }
    if (k <= -2 || k > 56) {
        const uint32_t y = rvfw_sf_sub(one, rvfw_sf_sub(e, x, odd), odd);
        return rvfw_sf_sub(y + ((uint32_t)k << 23), one, odd);
    }
    if (k < 23) {
        const uint32_t y = rvfw_sf_sub(0x3f800000u - (0x1000000u >> k), rvfw_sf_sub(e, x, odd), odd);
        return y + ((uint32_t)k << 23);
    }
    const uint32_t y = rvfw_sf_add(rvfw_sf_sub(x, rvfw_sf_add(e, (uint32_t)(0x7f - k) << 23, odd), odd), one, odd);
    return y + ((uint32_t)k << 23);
}

/* rvfw_tanhf(x) on integer arithmetic. */
static inline float rvfw_tanhf_soft(float input)
{
    const uint32_t bits = rvfw_f32_bits(input), magnitude = bits & 0x7fffffffu;
    /* outside [2^-55, 22) (and for inf and NaN) the reference takes no float operation worth avoiding */
    if (magnitude < 0x24000000u || magnitude >= 0x41b00000u)
        return rvfw_tanhf(input);
    int odd = 0;
    uint32_t z;
    const uint32_t two = RVFW_SF(2.0f);
    if (magnitude >= 0x3f800000u) {
        const uint32_t t = rvfw_expm1f_soft(rvfw_sf_mul(two, magnitude, &odd), &odd);
        z = rvfw_sf_sub(RVFW_SF(1.0f), rvfw_sf_div(two, rvfw_sf_add(t, two, &odd), &odd), &odd);
    } else {
        const uint32_t t = rvfw_expm1f_soft(rvfw_sf_mul(RVFW_SF(-2.0f), magnitude, &odd), &odd);
        z = rvfw_sf_div(t ^ RVFW_SF_SIGN, rvfw_sf_add(t, two, &odd), &odd);
    }
    if (odd)
        return rvfw_tanhf(input);
    return rvfw_f32_from_bits(z | (bits & RVFW_SF_SIGN));
}

#endif
