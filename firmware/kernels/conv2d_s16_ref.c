/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 16x8 (int16 activations, int8 per-channel weights, int64 or int32 bias), reference: TFLite
 * Micro's form: a 64-bit accumulator, its 64-bit requantisation (rvfw_requantize64), the
 * activation clamp; zero points are 0 for int16. */
#include "rvfw_kernels.h"
#include "rvfw_s16_scalar.h"
#include "rvfw_window_ref.h"

RVFW_KERNEL void rvfw_conv2d_s16_ref(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                     const void *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                     int16_t *output)
{
    const int32_t in_c = p->in_c, taps = p->k_h * p->k_w;
#define BEGIN int64_t acc = 0
#define TAP(pixel, k)                                                                                             \
    for (int32_t ic = 0; ic < in_c; ++ic)                                                                         \
    acc += (int32_t)filter[(oc * taps + (k)) * in_c + ic] * input[(pixel) * in_c + ic]
#define END(at)                                                                                                   \
    output[at] = rvfw_output_s16(acc, bias, oc, p->acc32, output_multiplier[oc], output_shift[oc], 0,               \
                                 p->output_activation_min, p->output_activation_max)
    RVFW_WINDOW_FOR(p, input, output, BEGIN, TAP, END)
}
