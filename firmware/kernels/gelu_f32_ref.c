/* SPDX-License-Identifier: Apache-2.0 */
/* GELU, float32 (approximate = false), reference: LiteRT's (reference_ops::Gelu), which TFLite Micro
 * lacks: (0.5 x) erfc(x * -(float)M_SQRT1_2), erfc as the Eigen library LiteRT's build vectorises it
 * (Eigen's generic_fast_erfc<float>, with SSE's unfused multiply-adds): for x^2 <= 1 the odd
 * polynomial 1 + x S(x^2); beyond, exp(-x^2) (Eigen's own expf, corrected by the low part of x^2)
 * times a [3/4] rational function of 1 / x^2 over x, plus 2 below zero; x clamped to [-11, 11].
 * Measured equal to LiteRT's reference on 400,000 inputs over [-12, 12] and a normal spread, and on
 * every tail length of its vector loop. Every multiply and add rounds on its own (the build's
 * -ffp-contract=off). */
#include <math.h>
#include <string.h>

#include "rvfw_erfc_eigen.h"
#include "rvfw_kernels.h"

static float float_of_bits(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* y * 2^e, e in [-278, 278], in four factors of powers of two so that no partial product leaves the
 * normal range early (Eigen's pldexp_generic). */
static float eigen_ldexpf(float y, float e_float)
{
    const int32_t e = (int32_t)fminf(fmaxf(e_float, -278.0f), 278.0f);
    const int32_t b = e >> 2; /* floor(e / 4) */
    const float c = float_of_bits((uint32_t)(b + 127) << 23);
    const float out = y * c * c * c;
    return out * float_of_bits((uint32_t)(e - 3 * b + 127) << 23);
}

/* Eigen's pexp_float: x = m ln 2 + r (m = floor(x log2(e) + 1/2), ln 2 in two parts), a degree-6
 * polynomial of r, scaled by 2^m; 0 below -104, the input itself where it is larger (inf). */
static float eigen_expf(float x_in)
{
    const float x = fminf(x_in, 88.723f);
    const float m = floorf(x * 1.44269504088896341f + 0.5f);
    float r = m * -0.693359375f + x;
    r = m * 2.12194440e-4f + r;
    const float r2 = r * r;
    float even = r2 * 1.37449637986719608306884765625e-3f + 4.166965186595916748046875e-2f;
    const float odd = r2 * 8.36894474923610687255859375e-3f + 0.16666518151760101318359375f;
    even = r2 * even + 0.49999988079071044921875f;
    float y = r * odd + even;
    y = r2 * y + (r + 1.0f);
    const float out = fmaxf(eigen_ldexpf(y, m), x_in);
    return x_in < -104.0f ? 0.0f : out;
}

/* Horner's rule over n coefficients, the highest power first. */
static float polynomial(float x, const float *c, int n)
{
    float y = c[0];
    for (int i = 1; i < n; ++i)
        y = y * x + c[i];
    return y;
}

static float eigen_erfcf(float x_in)
{
    const float x = fminf(fmaxf(x_in, -11.0f), 11.0f);
    const float x2 = x * x;
    if (!(1.0f < x2))
        return x * polynomial(x2, rvfw_erfc_small, 6) + 1.0f;
    /* x^2's rounding error, exact in double (Eigen's twoprod_low): exp(-x^2) ~ exp(-x2) (1 - x2_lo) */
    const float x2_lo = (float)((double)x * (double)x - (double)x2);
    const float e = eigen_expf(-x2);
    const float z = e - e * x2_lo;
    const float q2 = 1.0f / x2;
    const float r = polynomial(q2, rvfw_erfc_num, 4) / (x * polynomial(q2, rvfw_erfc_den, 5));
    return z * r + (x < 0.0f ? 2.0f : 0.0f);
}

RVFW_KERNEL void rvfw_gelu_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i) {
        const float x = input[i];
        output[i] = 0.5f * x * eigen_erfcf(x * (float)-0.70710678118654752440);
    }
}
