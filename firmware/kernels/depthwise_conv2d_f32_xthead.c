/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, float32, depth multiplier 1, XTheadVector (C906): channels across 32 lanes
 * (v8 sums, v16 inputs, v24 weights); each lane sums its taps in TFLite Micro's order (filter
 * row, column) with separate multiplies and adds, the taps outside the image skipped; then + bias
 * and TFLite's clamp (compare and merge), as depthwise_conv2d_f32_rvv.c. */
#include "rvfw_kernels.h"
#include "rvfw_taps.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_f32_xthead(const rvfw_conv_params *p, const float *input, const float *filter,
                                      const float *bias, const float *act, float *output)
{
    const int32_t in_h = p->in_h, in_w = p->in_w, channels = p->in_c, k_w = p->k_w, out_c = p->out_c;
    const ptrdiff_t x_col = (ptrdiff_t)p->dilation_w * channels, x_row = (ptrdiff_t)p->dilation_h * in_w * channels;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const rvfw_taps ry = rvfw_inside_taps(oy, p->stride_h, p->pad_h, p->dilation_h, in_h, p->k_h);
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                const rvfw_taps rx = rvfw_inside_taps(ox, p->stride_w, p->pad_w, p->dilation_w, in_w, k_w);
                float *out = output + ((b * p->out_h + oy) * p->out_w + ox) * out_c;
                for (int32_t c0 = 0; c0 < out_c;) {
                    const size_t vl = rvfw_xt_setvl_e32m8((size_t)(out_c - c0));
                    XT_VMV_VX(8, 0);
                    const float *x_row_ptr = input + ((ptrdiff_t)(b * in_h + ry.at) * in_w + rx.at) * channels + c0;
                    const float *w_row_ptr = filter + (ry.first * k_w + rx.first) * out_c + c0;
                    for (int32_t ky = ry.first; ky < ry.end; ++ky, x_row_ptr += x_row, w_row_ptr += k_w * out_c) {
                        const float *x = x_row_ptr;
                        const float *w = w_row_ptr;
                        for (int32_t kx = rx.first; kx < rx.end; ++kx, x += x_col, w += out_c) {
                            XT_VLE(16, x);
                            XT_VLE(24, w);
                            XT_VFMUL_VV(16, 16, 24);
                            XT_VFADD_VV(8, 8, 16);
                        }
                    }
                    XT_F32_BIAS_CLAMP(8, 16, bias ? bias + c0 : 0, act);
                    XT_VSE(8, out + c0);
                    c0 += (int32_t)vl;
                }
            }
        }
}
