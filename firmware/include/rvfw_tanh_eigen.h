/* SPDX-License-Identifier: Apache-2.0 */
/* Eigen's ptanh_float as LiteRT's build compiles it (EIGEN_FAST_MATH, no FMA), which LiteRT's
 * float32 tanh-form GELU runs (gelu_tanh_f32_ref, gelu_tanh_f32_rvv): x clamped to the smallest
 * value where the rational is exactly 1, then (x^3 P(x^2) + x) / Q(x^2), highest power first. */
#ifndef RVFW_TANH_EIGEN_H
#define RVFW_TANH_EIGEN_H

#define RVFW_TANH_EIGEN_CLAMP 7.90738964080810547f
static const float rvfw_tanh_eigen_num[4] = {1.394553628e-8f, 2.102733560e-5f, 3.520756727e-3f, 1.340216100e-1f};
static const float rvfw_tanh_eigen_den[5] = {8.015776984e-7f, 3.326951409e-4f, 2.597254514e-2f, 4.673548340e-1f, 1.0f};

#endif
