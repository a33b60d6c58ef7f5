/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D 16x8, reference: as the int8 kernel with a 64-bit accumulator and bias and
 * the 64-bit requantisation (TFLite Micro's 16x8 form; zero points 0). */
#include "rvfw_kernels.h"
#include "rvfw_s16_scalar.h"
#include "rvfw_window_ref.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_s16_ref(const rvfw_conv_params *p, const int16_t *input,
                                               const int8_t *filter, const void *bias,
                                               const int32_t *output_multiplier, const int32_t *output_shift,
                                               int16_t *output)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, m = p->depth_multiplier;
#define BEGIN int64_t acc = 0
#define TAP(pixel, k) acc += (int32_t)filter[(k) * out_c + oc] * input[(pixel) * in_c + oc / m]
#define END(at)                                                                                                   \
    output[at] = rvfw_output_s16(acc, bias, oc, p->acc32, output_multiplier[oc], output_shift[oc], 0,               \
                                 p->output_activation_min, p->output_activation_max)
    RVFW_WINDOW_FOR(p, input, output, BEGIN, TAP, END)
}
