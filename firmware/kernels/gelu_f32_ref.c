/* SPDX-License-Identifier: Apache-2.0 */
/* GELU, float32 (approximate = false), reference: LiteRT's (reference_ops::Gelu), which TFLite Micro
 * lacks: (0.5 x) erfc(x * -(float)M_SQRT1_2), erfc as the Eigen library LiteRT's build vectorises it
 * (Eigen's generic_fast_erfc<float>, with SSE's unfused multiply-adds): for x^2 <= 1 the odd
 * polynomial 1 + x S(x^2); beyond, exp(-x^2) (Eigen's own expf, corrected by the low part of x^2)
 * times a [3/4] rational function of 1 / x^2 over x, plus 2 below zero; x clamped to [-11, 11].
 * Eigen's loop leaves the last size % 4 elements to scalar code, whose exp is the C library's expf
 * (rvfw_expf), so those take it. The whole tensor is one call: float32 GELU is never split in rows.
 * Measured equal to LiteRT's reference on 400,000 inputs over [-12, 12] and a normal spread, and at
 * every position of every size up to 40; NaNs as x86 gives them (-inf gives its default NaN). Every
 * multiply and add rounds on its own (the build's -ffp-contract=off). */
#include "rvfw_erfc_eigen.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_gelu_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = rvfw_gelu_eigen(input[i], i, p->size);
}
