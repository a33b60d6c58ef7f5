/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D (depth multiplier 1) writing its output over its input, RVV 1.0: the RVV
 * kernel (channels across lanes) one output row at a time, each row held in scratch until no row
 * still to be computed reads the bytes it lands on (rvfw_inplace_rows.h), so the layer keeps the
 * out-of-place kernel's speed. tap_sums as that kernel takes them: NULL unless the layer has
 * padding. Any stride, padding and dilation. */
#include "rvfw_inplace_rows.h"
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

static void row_kernel(const rvfw_conv_params *row, const int8_t *input, int8_t *output, const void *ctx)
{
    const rvfw_depthwise_row_args *a = ctx;
    rvfw_depthwise_conv2d_s8_rvv(row, input, a->filter, a->bias_folded, a->tap_sums, a->output_multiplier,
                                 a->output_shift, output);
}

static void copy_row(int8_t *dst, const int8_t *src, int32_t bytes)
{
    for (int32_t i = 0; i < bytes;) {
        const size_t vl = __riscv_vsetvl_e8m8((size_t)(bytes - i));
        __riscv_vse8_v_i8m8(dst + i, __riscv_vle8_v_i8m8(src + i, vl), vl);
        i += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_depthwise_conv2d_inplace_s8_rvv(const rvfw_conv_params *p, int8_t *data, const int8_t *filter,
                                          const int32_t *bias_folded, const int16_t *tap_sums,
                                          const int32_t *output_multiplier, const int32_t *output_shift,
                                          int8_t *scratch)
{
    const rvfw_depthwise_row_args a = {filter, bias_folded, NULL, output_multiplier, output_shift, tap_sums};
    rvfw_depthwise_inplace_rows(p, data, scratch, 1, row_kernel, &a, copy_row);
}
