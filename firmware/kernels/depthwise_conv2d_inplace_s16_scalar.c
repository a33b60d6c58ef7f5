/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D 16x8 (depth multiplier 1) writing its output over its input (fast scalar
 * kernels): the set's out-of-place kernel one output row at a time, each row held in scratch
 * until no row still to be computed reads the bytes it lands on (rvfw_inplace_rows.h): the
 * same taps in the same order, so bit-exact with it. Any stride, padding and dilation. */
#include "rvfw_inplace_rows.h"
#include "rvfw_kernels.h"

typedef struct {
    const int8_t *filter;
    const void *bias;
    const int32_t *output_multiplier, *output_shift;
} layer_args;

static void row_kernel(const rvfw_conv_params *row, const int8_t *input, int8_t *output, const void *ctx)
{
    const layer_args *a = ctx;
    rvfw_depthwise_conv2d_s16_scalar(row, (const int16_t *)(const void *)input, a->filter, a->bias,
                                     a->output_multiplier, a->output_shift, (int16_t *)(void *)output);
}

RVFW_KERNEL void rvfw_depthwise_conv2d_inplace_s16_scalar(const rvfw_conv_params *p, int16_t *data,
                                                          const int8_t *filter, const void *bias,
                                                          const int32_t *output_multiplier,
                                                          const int32_t *output_shift, int8_t *scratch)
{
    const layer_args a = {filter, bias, output_multiplier, output_shift};
    rvfw_depthwise_inplace_rows(p, (int8_t *)(void *)data, scratch, (int32_t)sizeof(int16_t), row_kernel, &a,
                                rvfw_copy_words_s8);
}
