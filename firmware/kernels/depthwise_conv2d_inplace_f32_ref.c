/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D float32 (depth multiplier 1) writing its output over its input (reference
 * kernels): the set's out-of-place kernel one output row at a time, each row held in scratch
 * until no row still to be computed reads the bytes it lands on (rvfw_inplace_rows.h): the
 * same taps in the same order, so bit-exact with it. Any stride, padding and dilation. */
#include "rvfw_inplace_rows.h"
#include "rvfw_kernels.h"

typedef struct {
    const float *filter, *bias, *act;
} layer_args;

static void row_kernel(const rvfw_conv_params *row, const int8_t *input, int8_t *output, const void *ctx)
{
    const layer_args *a = ctx;
    rvfw_depthwise_conv2d_f32_ref(row, (const float *)(const void *)input, a->filter, a->bias, a->act,
                                  (float *)(void *)output);
}

RVFW_KERNEL void rvfw_depthwise_conv2d_inplace_f32_ref(const rvfw_conv_params *p, float *data, const float *filter,
                                                       const float *bias, const float *act, int8_t *scratch)
{
    const layer_args a = {filter, bias, act};
    rvfw_depthwise_inplace_rows(p, (int8_t *)(void *)data, scratch, (int32_t)sizeof(float), row_kernel, &a,
                                rvfw_copy_words_s8);
}
