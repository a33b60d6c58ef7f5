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

RVFW_KERNEL void rvfw_gelu_tanh_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = rvfw_gelu_tanh_eigen(input[i]);
}
