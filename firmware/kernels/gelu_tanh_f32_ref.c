/* SPDX-License-Identifier: Apache-2.0 */
/* GELU, float32, tanh form (approximate = true), reference: LiteRT's (reference_ops::Gelu), which
 * TFLite Micro lacks: (0.5 x) (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), the cube as (x x) x, tanh as
 * the Eigen library LiteRT's build vectorises it (ptanh_float under EIGEN_FAST_MATH, without fused
 * multiply-adds): x clamped to +-7.90738964, then the odd [9/8] rational x (1 + x^2 P(x^2)) / Q(x^2).
 * Measured equal to LiteRT's reference on 400,000 inputs over [-12, 12] and a normal spread, on
 * every position of every size up to 40 (its scalar side runs the same rational), and on 0,
 * denormals, infinities and NaN; glibc's tanhf, or
 * Eigen's older [13/6] rational, differ on over a quarter of them. Every multiply and add rounds on
 * its own (the build's -ffp-contract=off). */
#include "rvfw_kernels.h"
#include "rvfw_tanh_eigen.h"
#include "rvfw_x86_nan.h"

/* Eigen's ptanh_float; a NaN x stays NaN (the comparisons are false, where fminf would clamp it) */
static float eigen_tanhf(float a)
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

RVFW_KERNEL void rvfw_gelu_tanh_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    const float sqrt_2_over_pi = (float)(1.12837916709551257390 * 0.70710678118654752440); /* M_2_SQRTPI M_SQRT1_2 */
    for (int32_t i = 0; i < p->size; ++i) {
        const float x = input[i];
        const float inner = sqrt_2_over_pi * (x + 0.044715f * (x * x * x));
        output[i] = rvfw_x86_nan_of(x, 0.5f * x * (1.0f + eigen_tanhf(inner)));
    }
}
