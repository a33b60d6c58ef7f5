/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 16x8, RVV (ELEN 64): output channels across e64 lanes, the filter in HWIO order
 * ([k_h][k_w][in_c][out_c]); the taps outside the image skipped (the int16 zero point is 0),
 * TFLite Micro's 64-bit accumulation and requantisation (rvfw_rvv_s16.h). */
#include "rvfw_kernels.h"
#include "rvfw_taps.h"
#include "rvfw_rvv_s16.h"

RVFW_KERNEL void rvfw_conv2d_s16_rvv(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter_hwio, const void *bias,
                         const int32_t *output_multiplier, const int32_t *output_shift, int16_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                int16_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * p->out_c;
                for (int32_t oc0 = 0; oc0 < p->out_c;) {
                    const size_t vl = __riscv_vsetvl_e64m8((size_t)(p->out_c - oc0));
                    vint64m8_t acc = __riscv_vmv_v_x_i64m8(0, vl);
                    RVFW_FOR_INSIDE_TAPS(p, oy, ox, {
                        const int16_t *x = input + ((b * p->in_h + iy) * p->in_w + ix) * p->in_c;
                        const int8_t *w = filter_hwio + ((ky * p->k_w + kx) * p->in_c) * p->out_c + oc0;
                        for (int32_t ic = 0; ic < p->in_c; ++ic, w += p->out_c)
                            acc = rvfw_mac_s16x8(acc, x[ic], w, vl);
                    })
                    rvfw_store_s16(acc, bias ? (const int64_t *)bias + oc0 : 0, output_multiplier + oc0,
                                   output_shift + oc0, p->output_activation_min, p->output_activation_max, out + oc0,
                                   vl);
                    oc0 += (int32_t)vl;
                }
            }
}
