/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D 16x8, depth multiplier 1, XTheadVector (C906): channels across 16 int64
 * lanes (SEW 64, LMUL 8: v8 sums, v16 inputs, v24 weights), int16 inputs and int8 weights
 * sign-extended by their loads and multiplied into the 64-bit sums as TFLite Micro accumulates,
 * then its requantisation from the build's rows (ops.conv_common.requant64: the 16-bit
 * multiplier, the rounding addend, the shift) with no arithmetic of the kernel's own. The taps
 * inside the image walked as a range (rvfw_taps.h: the same taps, in the same order). */
#include "rvfw_kernels.h"
#include "rvfw_taps.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_s16_xthead(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                      const void *bias, const int64_t *requant64, int16_t *output)
{
    const int32_t in_h = p->in_h, in_w = p->in_w, channels = p->in_c, k_w = p->k_w, out_c = p->out_c;
    const ptrdiff_t x_col = (ptrdiff_t)p->dilation_w * channels, x_row = (ptrdiff_t)p->dilation_h * in_w * channels;
    const int64_t *bias64 = (const int64_t *)bias;
    const intptr_t lo = p->output_activation_min, hi = p->output_activation_max;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const rvfw_taps ry = rvfw_inside_taps(oy, p->stride_h, p->pad_h, p->dilation_h, in_h, p->k_h);
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                const rvfw_taps rx = rvfw_inside_taps(ox, p->stride_w, p->pad_w, p->dilation_w, in_w, k_w);
                int16_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * out_c;
                for (int32_t c0 = 0; c0 < out_c;) {
                    const size_t vl = rvfw_xt_setvl_e64m8((size_t)(out_c - c0));
                    XT_VMV_VX(8, 0);
                    const int16_t *x_row_ptr = input + ((ptrdiff_t)(b * in_h + ry.at) * in_w + rx.at) * channels + c0;
                    const int8_t *w_row_ptr = filter + (ry.first * k_w + rx.first) * out_c + c0;
                    for (int32_t ky = ry.first; ky < ry.end; ++ky, x_row_ptr += x_row, w_row_ptr += k_w * out_c) {
                        const int16_t *x = x_row_ptr;
                        const int8_t *w = w_row_ptr;
                        for (int32_t kx = rx.first; kx < rx.end; ++kx, x += x_col, w += out_c) {
                            XT_VLH(16, x);
                            XT_VLB(24, w);
                            XT_VMACC_VV(8, 16, 24);
                        }
                    }
                    if (bias64) {
                        XT_VLE(16, bias64 + c0);
                        XT_VADD_VV(8, 8, 16);
                    }
                    XT_VLE(16, requant64 + c0);
                    XT_VMUL_VV(8, 8, 16);
                    XT_VLE(16, requant64 + out_c + c0);
                    XT_VADD_VV(8, 8, 16);
                    XT_VLE(16, requant64 + 2 * out_c + c0);
                    XT_VSRA_VV(8, 8, 16);
                    XT_VMAX_VX(8, 8, lo);
                    XT_VMIN_VX(8, 8, hi);
                    XT_VSH(8, out + c0);
                    c0 += (int32_t)vl;
                }
            }
        }
}
