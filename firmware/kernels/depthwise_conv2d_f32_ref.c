/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, float32, reference: per output channel (input channel x multiplier) the
 * window summed in TFLite Micro's order (filter row, column), plus the bias, then the clamp. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_f32_ref(const rvfw_conv_params *p, const float *input, const float *filter,
                                   const float *bias, const float *act, float *output)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox)
                for (int32_t ic = 0; ic < p->in_c; ++ic)
                    for (int32_t m = 0; m < p->depth_multiplier; ++m) {
                        const int32_t oc = ic * p->depth_multiplier + m;
                        float total = 0.0f;
                        for (int32_t ky = 0; ky < p->k_h; ++ky) {
                            const int32_t iy = oy * p->stride_h - p->pad_h + ky * p->dilation_h;
                            for (int32_t kx = 0; kx < p->k_w; ++kx) {
                                const int32_t ix = ox * p->stride_w - p->pad_w + kx * p->dilation_w;
                                if (iy < 0 || iy >= p->in_h || ix < 0 || ix >= p->in_w)
                                    continue;
                                total += input[((b * p->in_h + iy) * p->in_w + ix) * p->in_c + ic] *
                                         filter[(ky * p->k_w + kx) * p->out_c + oc];
                            }
                        }
                        const float v = total + (bias ? bias[oc] : 0.0f);
                        output[((b * p->out_h + oy) * p->out_w + ox) * p->out_c + oc] = rvfw_clamp_f32(v, act);
                    }
}
