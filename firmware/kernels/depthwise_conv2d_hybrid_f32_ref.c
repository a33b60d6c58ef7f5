/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, hybrid (float32 activations, int8 per-channel weights), as LiteRT's
 * reference kernel (reference_integer_ops::DepthwiseConvHybridPerChannel): each batch image
 * quantised asymmetrically when the layer runs, taps outside the image left out, then
 * acc x (channel scale x image scale) (the convolution groups them the other way), the bias and
 * the clamp (rvfw_hybrid.h). */
#include "rvfw_hybrid.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_hybrid_f32_ref(const rvfw_conv_params *p, const float *input,
                                                      const int8_t *filter, const float *bias, const float *scales,
                                                      const float *act, int8_t *scratch, float *output)
{
    rvfw_hybrid_window(RVFW_HYBRID_DEPTHWISE, p, input, filter, bias, scales, act, scratch, output);
}
