/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D 16x8, depth multiplier 1, in 32-bit lanes (RVV with ELEN 32: Zve32x as well as
 * V), for layers whose every sum, bias included, provably fits int32 (ops.conv_common.
 * sums_fit_int32): channels across lanes, int16 inputs times int8 weights summed in int32, then
 * TFLite Micro's requantisation done exactly in 32-bit halves (rvfw_rvv_s16_e32.h). The taps
 * inside the image walked as a range (rvfw_taps.h: the same taps, in the same order). */
#include "rvfw_kernels.h"
#include "rvfw_rvv_s16_e32.h"
#include "rvfw_taps.h"

RVFW_KERNEL void rvfw_depthwise_conv2d_lanes32_s16_rvv(const rvfw_conv_params *p, const int16_t *input,
                                           const int8_t *filter, const void *bias,
                                           const int32_t *output_multiplier, const int32_t *output_shift,
                                           int16_t *output)
{
    const int32_t in_w = p->in_w, channels = p->in_c;
    const ptrdiff_t x_col = (ptrdiff_t)p->dilation_w * channels, x_row = (ptrdiff_t)p->dilation_h * in_w * channels;
    const int64_t *bias64 = (const int64_t *)bias;
    RVFW_TAPS_PIXELS(p, int16_t, input, output, {
        for (int32_t c0 = 0; c0 < p->out_c;) {
            const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->out_c - c0));
            vint32m4_t part = __riscv_vmv_v_x_i32m4(0, vl);
            RVFW_TAPS_DEPTHWISE(p, ry, rx, x_first, filter, c0, x_row, x_col, {
                const vint16m2_t w16 = __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(w, vl), vl);
                part = __riscv_vwmacc_vv_i32m4(part, __riscv_vle16_v_i16m2(x, vl), w16, vl);
            });
            rvfw_store_s16_e32(part, bias64 ? bias64 + c0 : 0, output_multiplier + c0, output_shift + c0,
                               p->output_activation_min, p->output_activation_max, out + c0, vl);
            c0 += (int32_t)vl;
        }
    })
}
