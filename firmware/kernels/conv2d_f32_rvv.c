/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, float32, RVV (SEW 32): output channels across lanes, the filter repacked
 * [k_h][k_w][in_c][out_c]; each lane sums in TFLite Micro's order (filter row, column, input
 * channel) with separate multiplies and adds, skipping taps outside the image as it does. */
#include "rvfw_kernels.h"
#include "rvfw_taps.h"
#include "rvfw_rvv_f32.h"

RVFW_KERNEL void rvfw_conv2d_f32_rvv(const rvfw_conv_params *p, const float *input, const float *filter_t, const float *bias,
                         const float *act, float *output)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                float *out = output + ((b * p->out_h + oy) * p->out_w + ox) * p->out_c;
                for (int32_t oc0 = 0; oc0 < p->out_c;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->out_c - oc0));
                    vfloat32m8_t total = __riscv_vfmv_v_f_f32m8(0.0f, vl);
                    RVFW_FOR_INSIDE_TAPS(p, oy, ox, {
                        const float *x = input + ((b * p->in_h + iy) * p->in_w + ix) * p->in_c;
                        const float *w = filter_t + ((ky * p->k_w + kx) * p->in_c) * p->out_c + oc0;
                        for (int32_t ic = 0; ic < p->in_c; ++ic, w += p->out_c)
                            total = __riscv_vfadd_vv_f32m8(
                                total, __riscv_vfmul_vf_f32m8(__riscv_vle32_v_f32m8(w, vl), x[ic], vl), vl);
                    })
                    rvfw_store_biased_f32(out + oc0, total, bias ? bias + oc0 : 0, act, vl);
                    oc0 += (int32_t)vl;
                }
            }
}
