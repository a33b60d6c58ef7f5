/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, int8, XTheadVector (C906), output pixels of a row across the 32 int32 lanes:
 * for layers with few channels and wide rows, and any depth multiplier (TFLite's converter turns
 * a one-channel convolution into a depthwise layer with multiplier 8: micro_speech's and
 * person_detection's first layers), where channels across lanes would leave most lanes idle.
 *
 * As depthwise_conv2d_rows_s8_rvv: the input offset is folded into the bias at build time, so
 * each tap is one sign-extending strided load and one multiply-accumulate with the weight as a
 * scalar; lanes left or right of the input load the zero point (which the folded bias cancels),
 * whole rows above or below it add zero_point * w as a scalar. The taps run column by column,
 * so a column's lane mask is made once for all its rows.
 *
 * Registers: v8 accumulators, v16 loaded inputs, v24 each lane's input column offset, v0 masks. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_rows_s8_xthead(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                          const int32_t *bias_folded, const int32_t *output_multiplier,
                                          const int32_t *output_shift, int8_t *output)
{
    rvfw_xt_round_nearest_up();
    /* Locals, so the compiler need not reload them after the asm statements. */
    const int32_t in_h = p->in_h, in_w = p->in_w, in_c = p->in_c, out_w = p->out_w, out_c = p->out_c;
    const int32_t k_h = p->k_h, k_w = p->k_w, dil_h = p->dilation_h, dil_w = p->dilation_w;
    const int32_t stride_w = p->stride_w, dm = p->depth_multiplier;
    const int32_t out_offset = p->output_offset, lo = p->output_activation_min, hi = p->output_activation_max;
    const int32_t zero_point = -p->input_offset;
    const ptrdiff_t x_stride = (ptrdiff_t)stride_w * in_c, row_step = (ptrdiff_t)dil_h * in_w * in_c;

    RVFW_DEPTHWISE_ROWS(p, input, output, {
        for (int32_t ox0 = 0; ox0 < out_w;) {
            const int32_t vl = (int32_t)rvfw_xt_setvl_e32m8((size_t)(out_w - ox0));
            const int32_t x0 = ox0 * stride_w - p->pad_w;
            const int inside_x = x0 >= 0 && x0 + (vl - 1) * stride_w + (k_w - 1) * dil_w < in_w;
            if (!inside_x) {
                XT_VID(24);
                XT_VMUL_VX(24, 24, stride_w);
            }
            for (int32_t oc = 0; oc < out_c; ++oc) {
                const int8_t *w_col = filter + oc;
                /* Rows outside the input: zero_point * w, as a scalar. */
                const int32_t outside =
                    ky0 > 0 || ky1 < k_h ? rvfw_weights_outside_rows(w_col, k_h, k_w, out_c, ky0, ky1) : 0;
                XT_VMV_VX(8, bias_folded[oc] + zero_point * outside);
                const int8_t *x_col = in_batch + ((y0 + ky0 * dil_h) * in_w + x0) * in_c + oc / dm;
                for (int32_t kx = 0; kx < k_w; ++kx, x_col += dil_w * in_c) {
                    const int8_t *x = x_col, *w = w_col + (ky0 * k_w + kx) * out_c;
                    const int8_t *const x_end = x_col + (ky1 - ky0) * row_step;
                    const ptrdiff_t w_step = (ptrdiff_t)k_w * out_c;
                    const int32_t ix0 = x0 + kx * dil_w;
                    if (inside_x || (ix0 >= 0 && ix0 + (vl - 1) * stride_w < in_w)) {
                        for (; x != x_end; x += row_step, w += w_step) {
                            XT_VLSB(16, x, x_stride);
                            XT_VMACC_VX(8, *w, 16);
                        }
                    } else {
                        /* Lanes whose column is inside the input: (ix0 + lane * stride) < in_w, unsigned. */
                        XT_VADD_VX(16, 24, ix0);
                        XT_VMSLTU_VX(0, 16, in_w);
                        for (; x != x_end; x += row_step, w += w_step) {
                            XT_VMV_VX(16, zero_point);
                            XT_VLSB_V0(16, x, x_stride);
                            XT_VMACC_VX(8, *w, 16);
                        }
                    }
                }
                RVFW_XT_REQUANTIZE_VX(8, output_multiplier[oc], output_shift[oc]);
                XT_VADD_VX(8, 8, out_offset);
                XT_VMAX_VX(8, 8, lo);
                XT_VMIN_VX(8, 8, hi);
                XT_VSSB(8, out_row + ox0 * out_c + oc, out_c);
            }
            ox0 += vl;
        }
    })
}
