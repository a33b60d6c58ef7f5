/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV, int8, reference: output pixel (oy, ox) sums input pixel (iy, ix) through filter
 * tap (ky, kx) wherever iy * stride_h - pad_h + ky == oy (and likewise across), per output channel
 * with OHWI weights; then TFLite Micro's per-channel requantisation. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

void rvfw_transpose_conv_s8_ref(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                int8_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in = input + b * p->in_h * p->in_w * p->in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                int8_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * p->out_c;
                for (int32_t oc = 0; oc < p->out_c; ++oc) {
                    int32_t acc = 0;
                    for (int32_t ky = 0; ky < p->k_h; ++ky) {
                        const int32_t ty = oy + p->pad_h - ky;
                        if (ty < 0 || ty % p->stride_h || ty / p->stride_h >= p->in_h)
                            continue;
                        for (int32_t kx = 0; kx < p->k_w; ++kx) {
                            const int32_t tx = ox + p->pad_w - kx;
                            if (tx < 0 || tx % p->stride_w || tx / p->stride_w >= p->in_w)
                                continue;
                            const int8_t *x = in + ((ty / p->stride_h) * p->in_w + tx / p->stride_w) * p->in_c;
                            const int8_t *w = filter + ((oc * p->k_h + ky) * p->k_w + kx) * p->in_c;
                            for (int32_t ic = 0; ic < p->in_c; ++ic)
                                acc += (x[ic] + p->input_offset) * w[ic];
                        }
                    }
                    if (bias)
                        acc += bias[oc];
                    out[oc] = RVFW_OUTPUT_S8(p, acc, output_multiplier[oc], output_shift[oc]);
                }
            }
        }
    }
}
