/* SPDX-License-Identifier: Apache-2.0 */
/* The coefficients of Eigen's generic_fast_erfc<float>, which LiteRT's float32 GELU runs
 * (gelu_f32_ref, gelu_f32_rvv), highest power first: erfc(x) = 1 + x S(x^2) for x^2 <= 1, and
 * exp(-x^2) P(1/x^2) / (x Q(1/x^2)) (+ 2 below zero) beyond; and its scalar form. */
#ifndef RVFW_ERFC_EIGEN_H
#define RVFW_ERFC_EIGEN_H

#include <stdint.h>

#include "rvfw_expf.h"
#include "rvfw_softfloat.h"
#include "rvfw_x86_nan.h"

/* builtins only: the RVV kernels compile without the C library's headers */
static const float rvfw_erfc_small[6] = {5.61802298761904239654541015625e-04f, -4.91381669417023658752441406250e-03f,
                                         2.67075151205062866210937500000e-02f, -1.12800106406211853027343750000e-01f,
                                         3.76122951507568359375000000000e-01f, -1.12837910652160644531250000000e+00f};
static const float rvfw_erfc_num[4] = {1.0208116471767425537109375e-01f, 4.2920666933059692382812500e-01f,
                                       3.2379078865051269531250000e-01f, 5.3971976041793823242187500e-02f};
static const float rvfw_erfc_den[5] = {1.7251677811145782470703125e-02f, 3.9137163758277893066406250e-01f, 1.0f,
                                       6.2173241376876831054687500e-01f, 9.5662862062454223632812500e-02f};

/* y * 2^e, e in [-278, 278], in four factors of powers of two so that no partial product leaves the
 * normal range early (Eigen's pldexp_generic). */
static inline float rvfw_eigen_ldexpf(float y, float e_float)
{
    const int32_t e = (int32_t)__builtin_fminf(__builtin_fmaxf(e_float, -278.0f), 278.0f);
    const int32_t b = e >> 2; /* floor(e / 4) */
    const float c = rvfw_f32_from_bits((uint32_t)(b + 127) << 23);
    const float out = y * c * c * c;
    return out * rvfw_f32_from_bits((uint32_t)(e - 3 * b + 127) << 23);
}

/* Eigen's pexp_float: x = m ln 2 + r (m = floor(x log2(e) + 1/2), ln 2 in two parts), a degree-6
 * polynomial of r, scaled by 2^m; 0 below -104, the input itself where it is larger (inf). */
static inline float rvfw_eigen_expf(float x_in)
{
    const float x = __builtin_fminf(x_in, 88.723f);
    const float m = __builtin_floorf(x * 1.44269504088896341f + 0.5f);
    float r = m * -0.693359375f + x;
    r = m * 2.12194440e-4f + r;
    const float r2 = r * r;
    float even = r2 * 1.37449637986719608306884765625e-3f + 4.166965186595916748046875e-2f;
    const float odd = r2 * 8.36894474923610687255859375e-3f + 0.16666518151760101318359375f;
    even = r2 * even + 0.49999988079071044921875f;
    float y = r * odd + even;
    y = r2 * y + (r + 1.0f);
    const float out = __builtin_fmaxf(rvfw_eigen_ldexpf(y, m), x_in);
    return x_in < -104.0f ? 0.0f : out;
}

/* Horner's rule over n coefficients, the highest power first. */
static inline float rvfw_polynomial(float x, const float *c, int n)
{
    float y = c[0];
    for (int i = 1; i < n; ++i)
        y = y * x + c[i];
    return y;
}

/* Eigen's generic_fast_erfc<float>. Its vector code takes exp(-x^2) from Eigen's pexp; the last
 * size % 4 elements of a tensor, which Eigen's loop leaves to scalar code, take it from the C
 * library's expf instead (host_exp), and so differ on about one in twenty large-branch inputs. */
static inline float rvfw_eigen_erfcf(float x_in, int host_exp)
{
    const float x = __builtin_fminf(__builtin_fmaxf(x_in, -11.0f), 11.0f);
    const float x2 = x * x;
    if (!(1.0f < x2))
        return x * rvfw_polynomial(x2, rvfw_erfc_small, 6) + 1.0f;
    /* x^2's rounding error, exact in double (Eigen's twoprod_low): exp(-x^2) ~ exp(-x2) (1 - x2_lo) */
    const float x2_lo = (float)((double)x * (double)x - (double)x2);
    const float e = host_exp ? rvfw_expf(-x2) : rvfw_eigen_expf(-x2);
    const float z = e - e * x2_lo;
    const float q2 = 1.0f / x2;
    const float r = rvfw_polynomial(q2, rvfw_erfc_num, 4) / (x * rvfw_polynomial(q2, rvfw_erfc_den, 5));
    return z * r + (x < 0.0f ? 2.0f : 0.0f);
}

/* LiteRT's float32 GELU of element i of n: the vector or the scalar side of Eigen's loop */
static inline float rvfw_gelu_eigen(float x, int32_t i, int32_t n)
{
    const int host_exp = i >= n - n % 4;
    return rvfw_x86_nan_of(x, 0.5f * x * rvfw_eigen_erfcf(x * (float)-0.70710678118654752440, host_exp));
}

#endif
