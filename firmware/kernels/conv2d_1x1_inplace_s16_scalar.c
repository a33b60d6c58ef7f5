/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 1x1, stride 1, 16x8, writing its output over its input (fast scalar kernels): the set's
 * out-of-place kernel RVFW_INPLACE_PIXELS pixels at a time from scratch, forward when the layer narrows
 * the channels and backward when it widens them (rvfw_inplace_pixels.h): bit-exact with it. */
#include "rvfw_inplace_pixels.h"
#include "rvfw_kernels.h"

typedef struct {
    const int8_t *filter;
    const void *bias;
    const int32_t *output_multiplier, *output_shift;
} layer_args;

static void block_kernel(const rvfw_conv_params *block, const int8_t *input, int8_t *output, const void *ctx)
{
    const layer_args *a = ctx;
    rvfw_conv2d_s16_scalar(block, (const int16_t *)(const void *)input, a->filter, a->bias, a->output_multiplier,
                           a->output_shift, (int16_t *)(void *)output);
}

RVFW_KERNEL void rvfw_conv2d_1x1_inplace_s16_scalar(const rvfw_conv_params *p, int16_t *data, const int8_t *filter,
                                                    const void *bias, const int32_t *output_multiplier,
                                                    const int32_t *output_shift, int8_t *scratch)
{
    const layer_args a = {filter, bias, output_multiplier, output_shift};
    rvfw_pointwise_inplace_blocks(p, (int8_t *)(void *)data, scratch, (int32_t)sizeof(int16_t), block_kernel, &a);
}
