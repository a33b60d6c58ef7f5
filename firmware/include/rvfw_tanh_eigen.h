/* SPDX-License-Identifier: Apache-2.0 */
/* Eigen's ptanh_float as LiteRT's build compiles it (EIGEN_FAST_MATH, no FMA), which LiteRT's
 * float32 tanh-form GELU runs (gelu_tanh_f32_ref, gelu_tanh_f32_rvv): x clamped to the smallest
 * value where the rational is exactly 1, then (x^3 P(x^2) + x) / Q(x^2), highest power first. */
#ifndef RVFW_TANH_EIGEN_H
#define RVFW_TANH_EIGEN_H

#include "rvfw_x86_nan.h"

#define RVFW_TANH_EIGEN_CLAMP 7.90738964080810547f
static const float rvfw_tanh_eigen_num[4] = {1.394553628e-8f, 2.102733560e-5f, 3.520756727e-3f, 1.340216100e-1f};
static const float rvfw_tanh_eigen_den[5] = {8.015776984e-7f, 3.326951409e-4f, 2.597254514e-2f, 4.673548340e-1f, 1.0f};

/* Eigen's ptanh_float; a NaN x stays NaN (the comparisons are false, where fminf would clamp it) */
static inline float rvfw_eigen_tanhf(float a)
{
    float x = a > RVFW_TANH_EIGEN_CLAMP ? RVFW_TANH_EIGEN_CLAMP : a;
    x = x < -RVFW_TANH_EIGEN_CLAMP ? -RVFW_TANH_EIGEN_CLAMP : x;
    const float x2 = x * x;
    const float x3 = x2 * x;
    float p = rvfw_tanh_eigen_num[0];
    for (int i = 1; i < 4; ++i)
        p = p * x2 + rvfw_tanh_eigen_num[i];
    float q = rvfw_tanh_eigen_den[0];
    for (int i = 1; i < 5; ++i)
        q = q * x2 + rvfw_tanh_eigen_den[i];
    return (x3 * p + x) / q;
}

#define RVFW_SQRT_2_OVER_PI ((float)(1.12837916709551257390 * 0.70710678118654752440)) /* M_2_SQRTPI M_SQRT1_2 */

/* LiteRT's float32 GELU, tanh form, of one element: (0.5 x)(1 + tanh(sqrt(2/pi)(x + 0.044715 (x x) x))) */
static inline float rvfw_gelu_tanh_eigen(float x)
{
    const float inner = RVFW_SQRT_2_OVER_PI * (x + 0.044715f * (x * x * x));
    return rvfw_x86_nan_of(x, 0.5f * x * (1.0f + rvfw_eigen_tanhf(inner)));
}

#endif
