/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D 16x8, depth multiplier 1, in 32-bit lanes (RVV with ELEN 32: Zve32x as well as
 * V), for layers whose every sum, bias included, provably fits int32 (ops.conv_common.
 * sums_fit_int32): channels across lanes, int16 inputs times int8 weights summed in int32, then
 * TFLite Micro's requantisation done exactly in 32-bit halves (rvfw_rvv_s16_e32.h). The taps
 * inside the image walked as a range (rvfw_taps.h: the same taps, in the same order). */
#include "rvfw_kernels.h"
#include "rvfw_rvv_s16_e32.h"
#include "rvfw_taps.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_lanes32_s16_rvv(const rvfw_conv_params *p, const int16_t *input,
                                           const int8_t *filter, const void *bias,
                                           const int32_t *output_multiplier, const int32_t *output_shift,
                                           int16_t *output)
{
    const int32_t in_h = p->in_h, in_w = p->in_w, channels = p->in_c, k_w = p->k_w;
    const ptrdiff_t x_col = (ptrdiff_t)p->dilation_w * channels, x_row = (ptrdiff_t)p->dilation_h * in_w * channels;
    const int64_t *bias64 = (const int64_t *)bias;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const rvfw_taps ry = rvfw_inside_taps(oy, p->stride_h, p->pad_h, p->dilation_h, in_h, p->k_h);
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                const rvfw_taps rx = rvfw_inside_taps(ox, p->stride_w, p->pad_w, p->dilation_w, in_w, k_w);
                int16_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * p->out_c;
                const int16_t *x_first = input + ((ptrdiff_t)(b * in_h + ry.at) * in_w + rx.at) * channels;
                for (int32_t c0 = 0; c0 < p->out_c;) {
                    const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->out_c - c0));
                    vint32m4_t part = __riscv_vmv_v_x_i32m4(0, vl);
                    const int16_t *x_row_ptr = x_first + c0;
                    const int8_t *w_row_ptr = filter + (ry.first * k_w + rx.first) * p->out_c + c0;
                    for (int32_t ky = ry.first; ky < ry.end; ++ky, x_row_ptr += x_row, w_row_ptr += k_w * p->out_c) {
                        const int16_t *x = x_row_ptr;
                        const int8_t *w = w_row_ptr;
                        for (int32_t kx = rx.first; kx < rx.end; ++kx, x += x_col, w += p->out_c) {
                            const vint16m2_t w16 = __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(w, vl), vl);
                            part = __riscv_vwmacc_vv_i32m4(part, __riscv_vle16_v_i16m2(x, vl), w16, vl);
                        }
                    }
                    rvfw_store_s16_e32(part, bias64 ? bias64 + c0 : 0, output_multiplier + c0, output_shift + c0,
                                       p->output_activation_min, p->output_activation_max, out + c0, vl);
                    c0 += (int32_t)vl;
                }
            }
        }
}
