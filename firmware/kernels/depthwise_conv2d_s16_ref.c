/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D 16x8, reference: as the int8 kernel with a 64-bit accumulator and bias and
 * the 64-bit requantisation (TFLite Micro's 16x8 form; zero points 0). */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_s16_ref(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                   const void *bias, const int32_t *output_multiplier,
                                   const int32_t *output_shift, int16_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox)
                for (int32_t ic = 0; ic < p->in_c; ++ic)
                    for (int32_t m = 0; m < p->depth_multiplier; ++m) {
                        const int32_t oc = ic * p->depth_multiplier + m;
                        int64_t acc = 0;
                        for (int32_t ky = 0; ky < p->k_h; ++ky) {
                            const int32_t iy = oy * p->stride_h - p->pad_h + ky * p->dilation_h;
                            for (int32_t kx = 0; kx < p->k_w; ++kx) {
                                const int32_t ix = ox * p->stride_w - p->pad_w + kx * p->dilation_w;
                                if (iy < 0 || iy >= p->in_h || ix < 0 || ix >= p->in_w)
                                    continue;
                                acc += (int32_t)filter[(ky * p->k_w + kx) * p->out_c + oc] *
                                       input[((b * p->in_h + iy) * p->in_w + ix) * p->in_c + ic];
                            }
                        }
                        if (bias)
                            acc += p->acc32 ? ((const int32_t *)bias)[oc] : ((const int64_t *)bias)[oc];
                        const int32_t v = rvfw_requantize_16x8(acc, p->acc32, output_multiplier[oc], output_shift[oc]);
                        output[((b * p->out_h + oy) * p->out_w + ox) * p->out_c + oc] =
                            (int16_t)rvfw_clamp(v, p->output_activation_min, p->output_activation_max);
                    }
}
