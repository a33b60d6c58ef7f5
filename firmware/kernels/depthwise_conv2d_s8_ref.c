/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D with depth multiplier, int8, per-channel: scalar reference. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_s8_ref(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                  const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                  int8_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_batch = input + b * p->in_h * p->in_w * p->in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t in_y0 = oy * p->stride_h - p->pad_h;
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                const int32_t in_x0 = ox * p->stride_w - p->pad_w;
                for (int32_t ic = 0; ic < p->in_c; ++ic) {
                    for (int32_t m = 0; m < p->depth_multiplier; ++m) {
                        const int32_t oc = ic * p->depth_multiplier + m;
                        int32_t acc = 0;
                        for (int32_t ky = 0; ky < p->k_h; ++ky) {
                            const int32_t iy = in_y0 + p->dilation_h * ky;
                            if (iy < 0 || iy >= p->in_h)
                                continue;
                            for (int32_t kx = 0; kx < p->k_w; ++kx) {
                                const int32_t ix = in_x0 + p->dilation_w * kx;
                                if (ix < 0 || ix >= p->in_w)
                                    continue;
                                const int32_t in_val = in_batch[(iy * p->in_w + ix) * p->in_c + ic];
                                acc += filter[(ky * p->k_w + kx) * p->out_c + oc] * (in_val + p->input_offset);
                            }
                        }
                        if (bias)
                            acc += bias[oc];
                        *output++ = RVFW_OUTPUT_S8(p, acc, output_multiplier[oc], output_shift[oc]);
                    }
                }
            }
        }
    }
}
