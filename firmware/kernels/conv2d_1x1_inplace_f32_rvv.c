/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 1x1, stride 1, float32, writing its output over its input (RVV 1.0 kernels): the set's
 * out-of-place kernel RVFW_INPLACE_PIXELS pixels at a time from scratch, forward when the layer narrows
 * the channels and backward when it widens them (rvfw_inplace_pixels.h): bit-exact with it. */
#include "rvfw_inplace_pixels.h"
#include "rvfw_kernels.h"

typedef struct {
    const float *filter_t, *bias, *act;
} layer_args;

static void block_kernel(const rvfw_conv_params *block, const int8_t *input, int8_t *output, const void *ctx)
{
    const layer_args *a = ctx;
    rvfw_conv2d_f32_rvv(block, (const float *)(const void *)input, a->filter_t, a->bias, a->act,
                        (float *)(void *)output);
}

RVFW_KERNEL void rvfw_conv2d_1x1_inplace_f32_rvv(const rvfw_conv_params *p, float *data, const float *filter_t,
                                                 const float *bias, const float *act, int8_t *scratch)
{
    const layer_args a = {filter_t, bias, act};
    rvfw_pointwise_inplace_blocks(p, (int8_t *)(void *)data, scratch, (int32_t)sizeof(float), block_kernel, &a);
}
