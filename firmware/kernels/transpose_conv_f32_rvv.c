/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV, float32, RVV (V, Zve32f): the reference's gather (rvfw_transpose_conv.h) with
 * the output channels in float lanes, each lane adding its products in the reference's order
 * (taps from the last row and column back, input channels in order; multiply, then add), the
 * weights read from the filter laid out out-channel innermost; then the bias (where there is one)
 * and the clamp. */
#include "rvfw_kernels.h"
#include "rvfw_rvv_f32.h"

void rvfw_transpose_conv_f32_rvv(const rvfw_conv_params *p, const float *input, const float *filter_hwio,
                                 const float *bias, const float *act, float *output)
{
    const int32_t in_c = p->in_c, out_c = p->out_c;
    for (int32_t b = 0; b < p->batches; ++b) {
        const float *in = input + b * p->in_h * p->in_w * in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                float *out = output + ((b * p->out_h + oy) * p->out_w + ox) * out_c;
                for (int32_t oc = 0; oc < out_c;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc));
                    vfloat32m8_t acc = __riscv_vfmv_v_f_f32m8(0.0f, vl);
                    for (int32_t ky = p->k_h - 1; ky >= 0; --ky) {
                        const int32_t ty = oy + p->pad_h - ky;
                        if (ty < 0 || ty % p->stride_h || ty / p->stride_h >= p->in_h)
                            continue;
                        for (int32_t kx = p->k_w - 1; kx >= 0; --kx) {
                            const int32_t tx = ox + p->pad_w - kx;
                            if (tx < 0 || tx % p->stride_w || tx / p->stride_w >= p->in_w)
                                continue;
                            const float *x = in + ((ty / p->stride_h) * p->in_w + tx / p->stride_w) * in_c;
                            const float *w = filter_hwio + ((ky * p->k_w + kx) * in_c) * out_c + oc;
                            for (int32_t ic = 0; ic < in_c; ++ic, w += out_c)
                                acc = __riscv_vfadd_vv_f32m8(
                                    acc, __riscv_vfmul_vf_f32m8(__riscv_vle32_v_f32m8(w, vl), x[ic], vl), vl);
                        }
                    }
                    if (bias) /* only with a bias, as the reference: -0 + 0 would be +0 */
                        acc = __riscv_vfadd_vv_f32m8(acc, __riscv_vle32_v_f32m8(bias + oc, vl), vl);
                    acc = __riscv_vfmerge_vfm_f32m8(acc, act[0], __riscv_vmflt_vf_f32m8_b4(acc, act[0], vl), vl);
                    acc = __riscv_vfmerge_vfm_f32m8(acc, act[1], __riscv_vmfgt_vf_f32m8_b4(acc, act[1], vl), vl);
                    __riscv_vse32_v_f32m8(out + oc, acc, vl);
                    oc += (int32_t)vl;
                }
            }
    }
}
