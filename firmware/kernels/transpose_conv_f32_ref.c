/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV, float32, reference: TFLite Micro scatters each input pixel into the output, so
 * an output sums its contributions in input order (row, column, channel); gathering them here
 * with the taps walked backwards (ky, kx descending) visits the inputs in that same order, from
 * 0.0f, then the bias and the clamp. */
#include "rvfw_kernels.h"

void rvfw_transpose_conv_f32_ref(const rvfw_conv_params *p, const float *input, const float *filter, const float *bias,
                                 const float *act, float *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const float *in = input + b * p->in_h * p->in_w * p->in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                float *out = output + ((b * p->out_h + oy) * p->out_w + ox) * p->out_c;
                for (int32_t oc = 0; oc < p->out_c; ++oc) {
                    float total = 0.0f;
                    for (int32_t ky = p->k_h - 1; ky >= 0; --ky) {
                        const int32_t ty = oy + p->pad_h - ky;
                        if (ty < 0 || ty % p->stride_h || ty / p->stride_h >= p->in_h)
                            continue;
                        for (int32_t kx = p->k_w - 1; kx >= 0; --kx) {
                            const int32_t tx = ox + p->pad_w - kx;
                            if (tx < 0 || tx % p->stride_w || tx / p->stride_w >= p->in_w)
                                continue;
                            const float *x = in + ((ty / p->stride_h) * p->in_w + tx / p->stride_w) * p->in_c;
                            const float *w = filter + ((oc * p->k_h + ky) * p->k_w + kx) * p->in_c;
                            for (int32_t ic = 0; ic < p->in_c; ++ic)
                                total += x[ic] * w[ic];
                        }
                    }
                    if (bias)
                        total += bias[oc];
                    out[oc] = rvfw_clamp_f32(total, act);
                }
            }
    }
}
