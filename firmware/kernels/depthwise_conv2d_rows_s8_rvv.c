/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, int8, RVV 1.0, output pixels of a row across vector lanes: for layers with
 * wide rows. Same border scheme as conv2d_rows_s8_rvv: bias folded with the input offset at
 * build time, zero_point loaded for lanes left/right of the input, whole rows outside the
 * input added as a scalar. Any depth multiplier. The taps run column by column, so a column's
 * lane mask is made once for all its rows. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_rows_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                       const int32_t *bias_folded, const int32_t *output_multiplier,
                                       const int32_t *output_shift, int8_t *output)
{
    const int32_t in_h = p->in_h, in_w = p->in_w, in_c = p->in_c, out_w = p->out_w, out_c = p->out_c;
    const int32_t k_h = p->k_h, k_w = p->k_w, dil_h = p->dilation_h, dil_w = p->dilation_w;
    const int32_t stride_w = p->stride_w, dm = p->depth_multiplier;
    const int8_t zero_point = (int8_t)(-p->input_offset);
    const ptrdiff_t x_stride = (ptrdiff_t)stride_w * in_c, row_step = (ptrdiff_t)dil_h * in_w * in_c;
    const ptrdiff_t w_step = (ptrdiff_t)k_w * out_c;

    RVFW_DEPTHWISE_ROWS(p, input, output, {
        for (int32_t ox0 = 0; ox0 < out_w;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_w - ox0));
            const int32_t x0 = ox0 * stride_w - p->pad_w;
            /* Each lane's input column, less x0 + kx * dil_w. */
            const vuint16m4_t lane_x = __riscv_vmul_vx_u16m4(__riscv_vid_v_u16m4(vl), (uint16_t)stride_w, vl);
            for (int32_t oc = 0; oc < out_c; ++oc) {
                const int8_t *w_col = filter + oc;
                /* Rows outside the input: zero_point * w, as a scalar. */
                const int32_t outside =
                    ky0 > 0 || ky1 < k_h ? rvfw_weights_outside_rows(w_col, k_h, k_w, out_c, ky0, ky1) : 0;
                vint32m8_t acc = __riscv_vmv_v_x_i32m8(bias_folded[oc] + zero_point * outside, vl);
                const int8_t *x_col = in_batch + ((y0 + ky0 * dil_h) * in_w + x0) * in_c + oc / dm;
                for (int32_t kx = 0; kx < k_w; ++kx, x_col += dil_w * in_c) {
                    const int8_t *x = x_col, *w = w_col + (ky0 * k_w + kx) * out_c;
                    const int8_t *const x_end = x_col + (ky1 - ky0) * row_step;
                    const int32_t ix0 = x0 + kx * dil_w;
                    if (ix0 >= 0 && ix0 + ((int32_t)vl - 1) * stride_w < in_w) {
                        for (; x != x_end; x += row_step, w += w_step)
                            acc = __riscv_vwmacc_vx_i32m8(
                                acc, *w, __riscv_vsext_vf2_i16m4(__riscv_vlse8_v_i8m2(x, x_stride, vl), vl), vl);
                    } else {
                        /* A column's lanes inside the input, found once for all its rows; the others read
                         * the zero point, which the folded bias cancels. */
                        const vbool4_t valid = __riscv_vmsltu_vx_u16m4_b4(
                            __riscv_vadd_vx_u16m4(lane_x, (uint16_t)ix0, vl), (uint16_t)in_w, vl);
                        const vint8m2_t zeros = __riscv_vmv_v_x_i8m2(zero_point, vl);
                        for (; x != x_end; x += row_step, w += w_step)
                            acc = __riscv_vwmacc_vx_i32m8(
                                acc, *w,
                                __riscv_vsext_vf2_i16m4(__riscv_vlse8_v_i8m2_mu(valid, zeros, x, x_stride, vl), vl),
                                vl);
                    }
                }
                acc = rvfw_requantize_vx(acc, output_multiplier[oc], output_shift[oc], vl);
                __riscv_vsse8_v_i8m2(out_row + ox0 * out_c + oc, out_c,
                                     rvfw_narrow_s8(acc, p->output_offset, p->output_activation_min,
                                                    p->output_activation_max, vl),
                                     vl);
            }
            ox0 += (int32_t)vl;
        }
    })
}
