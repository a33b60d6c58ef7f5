/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, hybrid with per-tensor int8 weights (float32 activations), as LiteRT's only kernel for
 * it (optimized_ops::HybridConv, which its reference resolver runs too): each batch image
 * quantised symmetrically when the layer runs, padding taps 0, then 0 + acc x (image scale x
 * weight scale), plus the bias, clamped (rvfw_hybrid.h). */
#include "rvfw_hybrid.h"

RVFW_KERNEL void rvfw_conv2d_hybrid_symmetric_f32_ref(const rvfw_conv_params *p, const float *input,
                                                      const int8_t *filter, const float *bias, const float *scales,
                                                      const float *act, int8_t *scratch, float *output)
{
    rvfw_hybrid_window(RVFW_HYBRID_CONV_SYMMETRIC, p, input, filter, bias, scales, act, scratch, output);
}
