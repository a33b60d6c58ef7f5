/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, int8, any depth multiplier: fast portable C (rvfw_depthwise_scalar.h); the
 * build calls it for multipliers above 1. */
#include "rvfw_depthwise_scalar.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_mult_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                          const int32_t *bias_folded, const int16_t *tap_sums,
                                          const int32_t *output_multiplier, const int8_t *output_shift, int8_t *output)
{
    rvfw_depthwise_scalar(p, input, filter, bias_folded, tap_sums, output_multiplier, output_shift, output, 0);
}
