/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, float32, depth multiplier 1, RVV (SEW 32): channels across lanes; each lane
 * sums its taps in TFLite Micro's order (filter row, column) with separate multiplies and adds. */
#include "rvfw_kernels.h"
#include "rvfw_taps.h"
#include "rvfw_rvv_f32.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_f32_rvv(const rvfw_conv_params *p, const float *input, const float *filter,
                                   const float *bias, const float *act, float *output)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                float *out = output + ((b * p->out_h + oy) * p->out_w + ox) * p->out_c;
                for (int32_t c0 = 0; c0 < p->out_c;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->out_c - c0));
                    vfloat32m8_t total = __riscv_vfmv_v_f_f32m8(0.0f, vl);
                    RVFW_FOR_INSIDE_TAPS(p, oy, ox, {
                        const float *x = input + ((b * p->in_h + iy) * p->in_w + ix) * p->in_c + c0;
                        const float *w = filter + (ky * p->k_w + kx) * p->out_c + c0;
                        total = __riscv_vfadd_vv_f32m8(
                            total, __riscv_vfmul_vv_f32m8(__riscv_vle32_v_f32m8(x, vl), __riscv_vle32_v_f32m8(w, vl),
                                                          vl),
                            vl);
                    })
                    rvfw_store_biased_f32(out + c0, total, bias ? bias + c0 : 0, act, vl);
                    c0 += (int32_t)vl;
                }
            }
}
