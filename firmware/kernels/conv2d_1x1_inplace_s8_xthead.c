/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 1x1, stride 1, no padding, in place, XTheadVector (C906): one pixel at a time, as the
 * out-of-place kernel computes them, output channels across 32 int32 lanes. Each pixel's input is
 * copied to scratch first, pixels go forward when the layer narrows the channels and backward
 * when it widens them: a pixel's outputs land over its own input (already copied) and, narrowing,
 * over earlier pixels or, widening, over later ones already done, so no input still to be read is
 * lost. Exact with the raw bias, the input offset added to each scalar input. */
#include "rvfw_inplace_rows.h"
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_conv2d_1x1_inplace_s8_xthead(const rvfw_conv_params *p, int8_t *data, const int8_t *filter_hwio,
                                       const int32_t *bias, const int32_t *output_multiplier,
                                       const int32_t *output_shift, int8_t *scratch)
{
    rvfw_xt_round_nearest_up();
    const int32_t pixels = p->batches * p->in_h * p->in_w, in_c = p->in_c, out_c = p->out_c;
    const int32_t offset = p->input_offset, out_offset = p->output_offset;
    const int32_t lo = p->output_activation_min, hi = p->output_activation_max, right_only = p->right_shifts_only;
    const int backward = out_c > in_c;
    for (int32_t done = 0; done < pixels; ++done) {
        const int32_t i = backward ? pixels - 1 - done : done;
        rvfw_copy_words_s8(scratch, data + i * in_c, in_c);
        int8_t *out = data + i * out_c;
        for (int32_t oc0 = 0; oc0 < out_c;) {
            const size_t vl = rvfw_xt_setvl_e32m8((size_t)(out_c - oc0));
            rvfw_xt_start(bias ? bias + oc0 : 0, 4);
            rvfw_xt_dot2(scratch, in_c, offset, filter_hwio + oc0, out_c);
            rvfw_xt_requantize_store(output_multiplier + oc0, output_shift + oc0, 4, right_only, out_offset, lo, hi,
                                     out + oc0, 1);
            oc0 += (int32_t)vl;
        }
    }
}
