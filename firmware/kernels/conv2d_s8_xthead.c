/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, int8, XTheadVector (C906): output channels across 32 int32 lanes, one output pixel
 * at a time; weights HWIO so a tap's weights for the lanes are one sign-extending byte load.
 * Taps outside the input are skipped (zero padding), the input offset is added to the scalar
 * input, so every pixel is exact with the raw bias. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_conv2d_s8_xthead(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_hwio, const int32_t *bias,
                           const int32_t *output_multiplier, const int32_t *output_shift, int8_t *output)
{
    rvfw_xt_round_nearest_up();
    const int32_t in_c = p->in_c, out_c = p->out_c;
    if (p->k_h == 1 && p->k_w == 1 && p->stride_h == 1 && p->stride_w == 1 && p->pad_h == 0 && p->pad_w == 0) {
        /* pointwise: pixel after pixel, no window */
        const int32_t pixels = p->batches * p->out_h * p->out_w;
        for (int32_t px = 0; px < pixels; ++px, input += in_c, output += out_c) {
            for (int32_t oc0 = 0; oc0 < out_c;) {
                const size_t vl = rvfw_xt_setvl_e32m8((size_t)(out_c - oc0));
                rvfw_xt_start(bias ? bias + oc0 : 0, 4);
                rvfw_xt_dot2(input, in_c, p->input_offset, filter_hwio + oc0, out_c);
                rvfw_xt_requantize_store(output_multiplier + oc0, output_shift + oc0, 4, p->right_shifts_only,
                                         p->output_offset,
                                         p->output_activation_min, p->output_activation_max, output + oc0, 1);
                oc0 += (int32_t)vl;
            }
        }
        return;
    }
    /* from one window row to the next, in the input and in the HWIO weights */
    const ptrdiff_t x_row = (ptrdiff_t)p->dilation_h * p->in_w * in_c, w_row = (ptrdiff_t)p->k_w * in_c * out_c;
    RVFW_DILATED_WINDOWS(p, input, output, {
        /* undilated, a window row's taps are one contiguous run, in the input as in HWIO */
        const int32_t run = p->dilation_w == 1 ? (kx1 - kx0) * in_c : 0;
        const int8_t *x_first =
            in_batch + ((y0 + ky0 * p->dilation_h) * p->in_w + x0 + kx0 * p->dilation_w) * in_c;
        const int8_t *w_first = filter_hwio + (ky0 * p->k_w + kx0) * in_c * out_c;
        for (int32_t oc0 = 0; oc0 < out_c;) {
            const size_t vl = rvfw_xt_setvl_e32m8((size_t)(out_c - oc0));
            rvfw_xt_start(bias ? bias + oc0 : 0, 4);
            const int8_t *x = x_first, *w = w_first + oc0;
            for (int32_t ky = ky0; ky < ky1; ++ky, x += x_row, w += w_row) {
                if (run) {
                    rvfw_xt_dot(x, run, p->input_offset, w, out_c);
                    continue;
                }
                for (int32_t kx = kx0; kx < kx1; ++kx)
                    rvfw_xt_dot(x + (kx - kx0) * p->dilation_w * in_c, in_c, p->input_offset,
                                w + (kx - kx0) * in_c * out_c, out_c);
            }
            rvfw_xt_requantize_store(output_multiplier + oc0, output_shift + oc0, 4, p->right_shifts_only,
                                 p->output_offset,
                                     p->output_activation_min, p->output_activation_max, output + oc0, 1);
            oc0 += (int32_t)vl;
        }
    });
}
