/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, float32, depth multiplier 1, RVV (SEW 32): channels across lanes; each lane
 * sums its taps in TFLite Micro's order (filter row, column) with separate multiplies and adds. */
#include "rvfw_kernels.h"
#include "rvfw_taps.h"
#include "rvfw_rvv_f32.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_f32_rvv(const rvfw_conv_params *p, const float *input, const float *filter,
                                   const float *bias, const float *act, float *output)
{
    const int32_t in_h = p->in_h, in_w = p->in_w, channels = p->in_c, k_w = p->k_w, out_c = p->out_c;
    const int32_t dil_h = p->dilation_h, dil_w = p->dilation_w;
    const ptrdiff_t x_col = (ptrdiff_t)dil_w * channels, x_row = (ptrdiff_t)dil_h * in_w * channels;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            /* the taps inside the image as ranges (rvfw_taps.h): the same taps, in the same order */
            const rvfw_taps ry = rvfw_inside_taps(oy, p->stride_h, p->pad_h, dil_h, in_h, p->k_h);
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                const rvfw_taps rx = rvfw_inside_taps(ox, p->stride_w, p->pad_w, dil_w, in_w, k_w);
                float *out = output + ((b * p->out_h + oy) * p->out_w + ox) * out_c;
                for (int32_t c0 = 0; c0 < out_c;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - c0));
                    vfloat32m8_t total = __riscv_vfmv_v_f_f32m8(0.0f, vl);
                    const float *x_row_ptr = input + ((ptrdiff_t)(b * in_h + ry.at) * in_w + rx.at) * channels + c0;
                    const float *w_row_ptr = filter + (ry.first * k_w + rx.first) * out_c + c0;
                    for (int32_t ky = ry.first; ky < ry.end; ++ky, x_row_ptr += x_row, w_row_ptr += k_w * out_c) {
                        const float *x = x_row_ptr;
                        const float *w = w_row_ptr;
                        for (int32_t kx = rx.first; kx < rx.end; ++kx, x += x_col, w += out_c)
                            total = __riscv_vfadd_vv_f32m8(
                                total, __riscv_vfmul_vv_f32m8(__riscv_vle32_v_f32m8(x, vl), __riscv_vle32_v_f32m8(w, vl),
                                                              vl),
                                vl);
                    }
                    rvfw_store_biased_f32(out + c0, total, bias ? bias + c0 : 0, act, vl);
                    c0 += (int32_t)vl;
                }
            }
        }
}
