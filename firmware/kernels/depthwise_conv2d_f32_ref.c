/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, float32, reference: per output channel (input channel x multiplier) the
 * window summed in TFLite Micro's order (filter row, column), plus the bias, then the clamp. */
#include "rvfw_kernels.h"
#include "rvfw_window_ref.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_f32_ref(const rvfw_conv_params *p, const float *input, const float *filter,
                                               const float *bias, const float *act, float *output)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, m = p->depth_multiplier;
#define BEGIN float total = 0.0f
#define TAP(pixel, k) total += input[(pixel) * in_c + oc / m] * filter[(k) * out_c + oc]
#define END(at) output[at] = rvfw_clamp_f32(total + (bias ? bias[oc] : 0.0f), act)
    RVFW_WINDOW_FOR(p, input, output, BEGIN, TAP, END)
}
