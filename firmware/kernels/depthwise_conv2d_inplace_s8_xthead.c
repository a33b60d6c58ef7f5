/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D (depth multiplier 1) writing its output over its input, XTheadVector (C906):
 * an XTheadVector depthwise kernel one output row at a time, each row held in scratch until no
 * row still to be computed reads the bytes it lands on (rvfw_inplace_rows.h), so the layer keeps
 * the out-of-place kernels' speed. The build passes the bias of the kernel it picked, as in
 * `fast`: the folded bias for the row kernel (pixels across lanes, wide rows), the raw bias for
 * the channel kernel (the other one NULL). Any stride, padding and dilation. */
#include "rvfw_inplace_rows.h"
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

static void row_kernel(const rvfw_conv_params *row, const int8_t *input, int8_t *output, const void *ctx)
{
    const rvfw_depthwise_row_args *a = ctx;
    if (a->bias_folded)
        rvfw_depthwise_conv2d_rows_s8_xthead(row, input, a->filter, a->bias_folded, a->output_multiplier,
                                             a->output_shift, output);
    else
        rvfw_depthwise_conv2d_s8_xthead(row, input, a->filter, a->bias, a->output_multiplier, a->output_shift,
                                        output);
}

/* 32 bytes a pass (SEW 32, LMUL 8: each lane's low byte). */
static void copy_row(int8_t *dst, const int8_t *src, int32_t bytes)
{
    for (int32_t i = 0; i < bytes;) {
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(bytes - i));
        XT_VLB(8, src + i);
        XT_VSB(8, dst + i);
        i += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_depthwise_conv2d_inplace_s8_xthead(const rvfw_conv_params *p, int8_t *data, const int8_t *filter,
                                             const int32_t *bias_folded, const int32_t *bias,
                                             const int32_t *output_multiplier, const int32_t *output_shift,
                                             int8_t *scratch)
{
    const rvfw_depthwise_row_args a = {filter, bias_folded, bias, output_multiplier, output_shift, NULL};
    rvfw_depthwise_inplace_rows(p, data, scratch, 1, row_kernel, &a, copy_row);
}
