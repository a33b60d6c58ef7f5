/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 16x8 in 32-bit lanes (RVV with ELEN 32: Zve32x as well as V), for layers whose every
 * sum, bias included, provably fits int32 (ops.conv_common.sums_fit_int32): then TFLite Micro's
 * 64-bit accumulation is the int32 one, and its requantisation is done exactly in 32-bit halves
 * (rvfw_rvv_s16_e32.h). The filter in HWIO order; the taps inside the image walked as ranges
 * (rvfw_taps.h: the same taps in the same order). As conv2d_s16_rvv.c: output pixels of a row
 * across lanes (four output channels a strided input load) where channels would sit idle, output
 * channels across lanes elsewhere and at the left and right borders. */
#include "rvfw_kernels.h"
#include "rvfw_rvv_s16_e32.h"
#include "rvfw_taps.h"

#define CHANNEL_GROUP RVFW_S16_PIXEL_GROUP /* output channels per strided input load */

/* Instructions per tap, the estimates that pick the layout (see conv2d_s16_rvv.c). */
#define CHANNEL_TAP_COST 5
#define PIXEL_TAP_COST (4 + 2 * CHANNEL_GROUP)

/* One output pixel, output channels across lanes. */
static void channels_across_lanes(const rvfw_conv_params *p, const int16_t *x_first, const int8_t *filter_hwio,
                                  const int64_t *bias, const int32_t *multiplier, const int32_t *shift, int16_t *out,
                                  rvfw_taps ry, rvfw_taps rx)
{
    const int32_t in_c = p->in_c, out_c = p->out_c;
    for (int32_t oc0 = 0; oc0 < out_c;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(out_c - oc0));
        vint32m4_t part = __riscv_vmv_v_x_i32m4(0, vl);
        RVFW_CONV_CHANNEL_POSITIONS(p, ry, rx, x_first, filter_hwio, oc0,
                                    part = rvfw_dot32_s16x8(part, x, w, out_c, in_c, vl););
        rvfw_store_s16_e32(part, bias ? bias + oc0 : 0, multiplier + oc0, shift + oc0, p->output_activation_min,
                           p->output_activation_max, out + oc0, vl);
        oc0 += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_conv2d_lanes32_s16_rvv(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter_hwio,
                                 const void *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                 int16_t *output)
{
    const int64_t *bias64 = (const int64_t *)bias;
    /* Output pixels across lanes over the inside columns where that fills more lanes per
     * instruction than output channels do. */
    rvfw_columns cols;
    const int pixels = rvfw_conv_pixels_pay(p, &cols, (int32_t)__riscv_vsetvlmax_e32m4(), (int32_t)__riscv_vsetvlmax_e32m4(),
                                            CHANNEL_GROUP, PIXEL_TAP_COST, CHANNEL_TAP_COST);
#define PIXELS(x, out, count, ry) rvfw_conv_s16_pixels(p, x, filter_hwio, bias64, output_multiplier, output_shift, out, count, ry, rvfw_store_s16_pixels_e32)
#define CHANNELS(x, out, ry, rx) channels_across_lanes(p, x, filter_hwio, bias64, output_multiplier, output_shift, out, ry, rx)
    RVFW_CONV_ROWS(p, input, output, cols, pixels, PIXELS, CHANNELS)
}
