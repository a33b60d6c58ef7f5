/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 1x1, stride 1, no padding, in place, RVV 1.0: up to RVFW_CONV2D_1X1_INPLACE_PIXELS
 * pixels per pass are copied to scratch (rvfw_conv2d_1x1_inplace_scratch_size bytes) and computed with output channels across lanes, forward when the
 * layer narrows the channels and backward when it widens them. Filter [in_c][out_c], input
 * offset folded into the bias. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_conv2d_1x1_inplace_s8_rvv(const rvfw_conv_params *p, int8_t *data, const int8_t *filter_io,
                                    const int32_t *bias_folded, const int32_t *output_multiplier,
                                    const int32_t *output_shift, int8_t *scratch)
{
    const int32_t pixels = p->batches * p->in_h * p->in_w, in_c = p->in_c, out_c = p->out_c;
    const int backward = out_c > in_c;
    for (int32_t done = 0; done < pixels;) {
        const int32_t n = pixels - done >= RVFW_CONV2D_1X1_INPLACE_PIXELS ? RVFW_CONV2D_1X1_INPLACE_PIXELS : pixels - done;
        const int32_t first = backward ? pixels - done - n : done;
        for (int32_t i = 0; i < n * in_c;) {
            const size_t vl = __riscv_vsetvl_e8m8((size_t)(n * in_c - i));
            __riscv_vse8_v_i8m8(scratch + i, __riscv_vle8_v_i8m8(data + first * in_c + i, vl), vl);
            i += (int32_t)vl;
        }
        int8_t *out = data + first * out_c;
        for (int32_t oc0 = 0; oc0 < out_c;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc0));
            const vint32m8_t bias_v = __riscv_vle32_v_i32m8(bias_folded + oc0, vl);
            vint32m8_t acc0 = bias_v, acc1 = bias_v, acc2 = bias_v;
            rvfw_dot_pixels_s8(n, &acc0, &acc1, &acc2, scratch, in_c, filter_io + oc0, in_c, out_c, vl);
            rvfw_store_pixels_s8(p, n, acc0, acc1, acc2, output_multiplier + oc0, output_shift + oc0, out + oc0, vl);
            oc0 += (int32_t)vl;
        }
        done += n;
    }
}
