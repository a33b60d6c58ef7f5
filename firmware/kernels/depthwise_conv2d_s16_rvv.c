/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D 16x8, depth multiplier 1, RVV (ELEN 64): channels across lanes, int16 inputs
 * times int8 weights summed in exact 32-bit runs into 64-bit accumulators (rvfw_rvv_s16.h), then
 * TFLite Micro's requantisation. The taps inside the image are walked as a range with pointer steps
 * (rvfw_taps.h): the same taps, in the same order, as the reference's bounds checks keep. */
#include "rvfw_kernels.h"
#include "rvfw_taps.h"
#include "rvfw_rvv_s16.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_s16_rvv(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                   const void *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                   int16_t *output)
{
    const int32_t in_w = p->in_w, channels = p->in_c, k_h = p->k_h, k_w = p->k_w;
    const int32_t dil_h = p->dilation_h, dil_w = p->dilation_w;
    /* A channel's products (one per tap) in one 32-bit run unless the window passes RVFW_S16_EXACT_RUN. */
    const int long_window = k_h * k_w > RVFW_S16_EXACT_RUN;
    const ptrdiff_t x_col = (ptrdiff_t)dil_w * channels, x_row = (ptrdiff_t)dil_h * in_w * channels;
    const int wide_lanes = !long_window && p->out_c > (int32_t)__riscv_vsetvlmax_e64m8();
    RVFW_TAPS_PIXELS(p, int16_t, input, output, {
        if (wide_lanes) { /* one exact 32-bit run per channel, more of them than a 64-bit group: LMUL 8 */
            for (int32_t c0 = 0; c0 < p->out_c;) {
                const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->out_c - c0));
                vint32m8_t part = __riscv_vmv_v_x_i32m8(0, vl);
                RVFW_TAPS_DEPTHWISE(p, ry, rx, x_first, filter, c0, x_row, x_col, {
                    const vint16m4_t w16 = __riscv_vsext_vf2_i16m4(__riscv_vle8_v_i8m2(w, vl), vl);
                    part = __riscv_vwmacc_vv_i32m8(part, __riscv_vle16_v_i16m4(x, vl), w16, vl);
                });
                rvfw_store_s16_halves(part, bias ? (const int64_t *)bias + c0 : 0, output_multiplier + c0,
                                      output_shift + c0, p->output_activation_min, p->output_activation_max,
                                      out + c0, vl);
                c0 += (int32_t)vl;
            }
            continue;
        }
        for (int32_t c0 = 0; c0 < p->out_c;) {
            const size_t vl = __riscv_vsetvl_e64m8((size_t)(p->out_c - c0));
            vint64m8_t acc = __riscv_vmv_v_x_i64m8(0, vl);
            vint32m4_t part = __riscv_vmv_v_x_i32m4(0, vl);
            RVFW_TAPS_DEPTHWISE(p, ry, rx, x_first, filter, c0, x_row, x_col, {
                const vint16m2_t w16 = __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(w, vl), vl);
                part = __riscv_vwmacc_vv_i32m4(part, __riscv_vle16_v_i16m2(x, vl), w16, vl);
                if (long_window) { /* more taps than an exact 32-bit run: each into 64 bits */
                    acc = __riscv_vwadd_wv_i64m8(acc, part, vl);
                    part = __riscv_vmv_v_x_i32m4(0, vl);
                }
            });
            acc = __riscv_vwadd_wv_i64m8(acc, part, vl);
            rvfw_store_s16(acc, bias ? (const int64_t *)bias + c0 : 0, output_multiplier + c0, output_shift + c0,
                           p->output_activation_min, p->output_activation_max, out + c0, vl);
            c0 += (int32_t)vl;
        }
    })
}
