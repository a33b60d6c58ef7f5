/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D with depth multiplier, int8, per-channel: scalar reference (TFLite Micro's
 * loop order, the input offset added to each input, the bias, its requantisation; the filter
 * offset a legacy uint8 layer's weights carry, 0 otherwise). */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"
#include "rvfw_window_ref.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_s8_ref(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                              const int32_t *bias, const int32_t *output_multiplier,
                                              const int32_t *output_shift, int8_t *output)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, m = p->depth_multiplier;
#define BEGIN int32_t acc = 0
#define TAP(pixel, k)                                                                                             \
    acc += (filter[(k) * out_c + oc] + p->filter_offset) * (input[(pixel) * in_c + oc / m] + p->input_offset)
#define END(at)                                                                                                   \
    if (bias)                                                                                                     \
        acc += bias[oc];                                                                                          \
    output[at] = RVFW_OUTPUT_S8(p, acc, output_multiplier[oc], output_shift[oc])
    RVFW_WINDOW_FOR(p, input, output, BEGIN, TAP, END)
}
