/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, float32, reference: TFLite Micro's float loop order (filter row, column, input
 * channel), the bias added to the sum, then the activation clamp (act = {min, max}). */
#include "rvfw_kernels.h"
#include "rvfw_window_ref.h"

RVFW_KERNEL void rvfw_conv2d_f32_ref(const rvfw_conv_params *p, const float *input, const float *filter,
                                     const float *bias, const float *act, float *output)
{
    const int32_t in_c = p->in_c, taps = p->k_h * p->k_w;
#define BEGIN float total = 0.0f
#define TAP(pixel, k)                                                                                             \
    for (int32_t ic = 0; ic < in_c; ++ic)                                                                         \
    total += input[(pixel) * in_c + ic] * filter[(oc * taps + (k)) * in_c + ic]
#define END(at) output[at] = rvfw_clamp_f32(total + (bias ? bias[oc] : 0.0f), act)
    RVFW_WINDOW_FOR(p, input, output, BEGIN, TAP, END)
}
