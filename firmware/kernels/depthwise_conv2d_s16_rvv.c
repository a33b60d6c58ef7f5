/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D 16x8, depth multiplier 1, RVV (ELEN 64): channels across e64 lanes, int16
 * inputs times int8 weights widened into 64-bit accumulators, TFLite Micro's requantisation
 * (rvfw_rvv_s16.h). */
#include "rvfw_kernels.h"
#include "rvfw_taps.h"
#include "rvfw_rvv_s16.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_s16_rvv(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                   const void *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                   int16_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                int16_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * p->out_c;
                for (int32_t c0 = 0; c0 < p->out_c;) {
                    const size_t vl = __riscv_vsetvl_e64m8((size_t)(p->out_c - c0));
                    vint64m8_t acc = __riscv_vmv_v_x_i64m8(0, vl);
                    RVFW_FOR_INSIDE_TAPS(p, oy, ox, {
                        const vint16m2_t x = __riscv_vle16_v_i16m2(
                            input + ((b * p->in_h + iy) * p->in_w + ix) * p->in_c + c0, vl);
                        const vint16m2_t w = __riscv_vsext_vf2_i16m2(
                            __riscv_vle8_v_i8m1(filter + (ky * p->k_w + kx) * p->out_c + c0, vl), vl);
                        acc = __riscv_vwadd_wv_i64m8(acc, __riscv_vwmul_vv_i32m4(x, w, vl), vl);
                    })
                    rvfw_store_s16(acc, bias ? (const int64_t *)bias + c0 : 0, output_multiplier + c0,
                                   output_shift + c0, p->output_activation_min, p->output_activation_max, out + c0,
                                   vl);
                    c0 += (int32_t)vl;
                }
            }
}
