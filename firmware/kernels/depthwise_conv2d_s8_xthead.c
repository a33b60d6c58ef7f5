/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, int8, XTheadVector (C906): channels across 32 int32 lanes, one output
 * pixel at a time. Output channel c * depth_multiplier + m reads input channel c: with a
 * multiplier above 1 the weights, bias, requantisation arrays and outputs are strided. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_s8_xthead(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                     const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                     int8_t *output)
{
    rvfw_xt_round_nearest_up();
    const int32_t in_c = p->in_c, out_c = p->out_c, dm = p->depth_multiplier, input_offset = p->input_offset;
    const ptrdiff_t word_stride = dm * (ptrdiff_t)sizeof(int32_t);
    /* Pointer steps from tap to tap and row to row: the vector asm clobbers memory, so window
     * arithmetic on fields behind p would reload them per tap. */
    const ptrdiff_t x_tap = (ptrdiff_t)p->dilation_w * in_c, x_row = (ptrdiff_t)p->dilation_h * p->in_w * in_c;
    const ptrdiff_t w_row = (ptrdiff_t)p->k_w * out_c;
    RVFW_DILATED_WINDOWS(p, input, output, {
        const int8_t *x_first =
            in_batch + ((y0 + ky0 * p->dilation_h) * p->in_w + x0 + kx0 * p->dilation_w) * in_c;
        const int8_t *w_first = filter + (ky0 * p->k_w + kx0) * out_c;
        for (int32_t m = 0; m < dm; ++m) {
            for (int32_t c0 = 0; c0 < in_c;) {
                const size_t vl = rvfw_xt_setvl_e32m8((size_t)(in_c - c0));
                const int32_t oc = c0 * dm + m;
                rvfw_xt_start(bias ? bias + oc : 0, word_stride);
                const int8_t *x_r = x_first + c0, *w_r = w_first + oc;
                for (int32_t ky = ky0; ky < ky1; ++ky, x_r += x_row, w_r += w_row) {
                    const int8_t *x = x_r, *w = w_r;
                    for (int32_t kx = kx0; kx < kx1; ++kx, x += x_tap, w += out_c) {
                        XT_VLB(24, x);
                        XT_VADD_VX(24, 24, input_offset);
                        XT_VLSB(16, w, dm);
                        XT_VMACC_VV(8, 24, 16);
                    }
                }
                rvfw_xt_requantize_store(output_multiplier + oc, output_shift + oc, word_stride,
                                         p->right_shifts_only, p->output_offset, p->output_activation_min,
                                         p->output_activation_max, output + oc, dm);
                c0 += (int32_t)vl;
            }
        }
    });
}
