/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, float32, RVV (SEW 32): output channels across lanes, the filter repacked
 * [k_h][k_w][in_c][out_c]; each lane sums in TFLite Micro's order (filter row, column, input
 * channel) with separate multiplies and adds, skipping taps outside the image as it does. */
#include "rvfw_kernels.h"
#include "rvfw_taps.h"
#include "rvfw_rvv_f32.h"

RVFW_KERNEL void rvfw_conv2d_f32_rvv(const rvfw_conv_params *p, const float *input, const float *filter_t, const float *bias,
                         const float *act, float *output)
{
    const int32_t in_h = p->in_h, in_w = p->in_w, in_c = p->in_c, k_w = p->k_w, out_c = p->out_c;
    const int32_t dil_h = p->dilation_h, dil_w = p->dilation_w;
    const ptrdiff_t x_col = (ptrdiff_t)dil_w * in_c, x_row = (ptrdiff_t)dil_h * in_w * in_c;
    const ptrdiff_t w_tap = (ptrdiff_t)in_c * out_c;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            /* the taps inside the image as ranges (rvfw_taps.h): the same taps, in the same order */
            const rvfw_taps ry = rvfw_inside_taps(oy, p->stride_h, p->pad_h, dil_h, in_h, p->k_h);
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                const rvfw_taps rx = rvfw_inside_taps(ox, p->stride_w, p->pad_w, dil_w, in_w, k_w);
                float *out = output + ((b * p->out_h + oy) * p->out_w + ox) * out_c;
                const float *x_first = input + ((ptrdiff_t)(b * in_h + ry.at) * in_w + rx.at) * in_c;
                for (int32_t oc0 = 0; oc0 < out_c;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc0));
                    vfloat32m8_t total = __riscv_vfmv_v_f_f32m8(0.0f, vl);
                    const float *x_row_ptr = x_first;
                    const float *w_row_ptr = filter_t + (ry.first * k_w + rx.first) * w_tap + oc0;
                    for (int32_t ky = ry.first; ky < ry.end; ++ky, x_row_ptr += x_row, w_row_ptr += k_w * w_tap) {
                        const float *x = x_row_ptr;
                        const float *w = w_row_ptr;
                        for (int32_t kx = rx.first; kx < rx.end; ++kx, x += x_col)
                            for (int32_t ic = 0; ic < in_c; ++ic, w += out_c)
                                total = __riscv_vfadd_vv_f32m8(
                                    total, __riscv_vfmul_vf_f32m8(__riscv_vle32_v_f32m8(w, vl), x[ic], vl), vl);
                    }
                    rvfw_store_biased_f32(out + oc0, total, bias ? bias + oc0 : 0, act, vl);
                    oc0 += (int32_t)vl;
                }
            }
        }
}
