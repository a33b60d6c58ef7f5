/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV, int8, RVV: the reference's gather (rvfw_transpose_conv.h) with the output
 * channels in int32 lanes: for each tap that reaches the output pixel, each input channel's
 * (x + offset) times the weights of all channels, read contiguously from the filter laid out
 * out-channel innermost ([k_h][k_w][in_c][out_c], built at compile time); then the bias and the
 * per-channel requantisation. Integer sums: bit-exact in any order. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

void rvfw_transpose_conv_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_hwio,
                                const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                int8_t *output)
{
    const int32_t in_c = p->in_c, out_c = p->out_c;
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in = input + b * p->in_h * p->in_w * in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                int8_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * out_c;
                for (int32_t oc = 0; oc < out_c;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc));
                    vint32m8_t acc = bias ? __riscv_vle32_v_i32m8(bias + oc, vl) : __riscv_vmv_v_x_i32m8(0, vl);
                    for (int32_t ky = 0; ky < p->k_h; ++ky) {
                        const int32_t ty = oy + p->pad_h - ky;
                        if (ty < 0 || ty % p->stride_h || ty / p->stride_h >= p->in_h)
                            continue;
                        for (int32_t kx = 0; kx < p->k_w; ++kx) {
                            const int32_t tx = ox + p->pad_w - kx;
                            if (tx < 0 || tx % p->stride_w || tx / p->stride_w >= p->in_w)
                                continue;
                            const int8_t *x = in + ((ty / p->stride_h) * p->in_w + tx / p->stride_w) * in_c;
                            const int8_t *w = filter_hwio + ((ky * p->k_w + kx) * in_c) * out_c + oc;
                            for (int32_t ic = 0; ic < in_c; ++ic, w += out_c)
                                acc = __riscv_vmacc_vx_i32m8(acc, x[ic] + p->input_offset,
                                                             __riscv_vsext_vf4_i32m8(__riscv_vle8_v_i8m2(w, vl), vl),
                                                             vl);
                        }
                    }
                    rvfw_store_channels_s8(p, acc, output_multiplier + oc, output_shift + oc, out + oc, vl);
                    oc += (int32_t)vl;
                }
            }
    }
}
