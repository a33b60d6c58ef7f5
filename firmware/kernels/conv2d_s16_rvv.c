/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 16x8, RVV (ELEN 64), the filter in HWIO order ([k_h][k_w][in_c][out_c]); the taps
 * outside the image skipped (the int16 zero point is 0) by walking the inside ones as a range with
 * pointer steps (rvfw_taps.h: the same taps in the same order); TFLite Micro's 64-bit
 * accumulation, in exact 32-bit runs, and requantisation (rvfw_rvv_s16.h). Two ways to fill the
 * lanes, chosen per layer:
 *
 * - output channels across lanes: layers with many output channels, windows longer than one exact
 *   run, and every column whose window crosses the left or right edge;
 * - output pixels of a row across 32-bit lanes (LMUL 4), one strided input load per tap shared by
 *   four output channels, their weights scalars: layers with few output channels (a MobileNet's
 *   1x1 projections, a 3-channel stem). Only the columns whose window lies inside the image, so
 *   every lane takes the same taps. */
#include "rvfw_kernels.h"
#include "rvfw_taps.h"
#include "rvfw_rvv_s16.h"

#define CHANNEL_GROUP RVFW_S16_PIXEL_GROUP /* output channels per strided input load */

/* Instructions per tap, the estimates that pick the layout: a channel strip's (weight load,
 * widening, input load, multiply-add, a share of the round's bookkeeping) and a pixel block's for
 * one group (input load, two per channel, pointer steps, branch). */
#define CHANNEL_TAP_COST 5
#define PIXEL_TAP_COST (4 + 2 * CHANNEL_GROUP)

RVFW_KERNEL void rvfw_conv2d_s16_rvv(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter_hwio, const void *bias,
                         const int32_t *output_multiplier, const int32_t *output_shift, int16_t *output)
{
    const int32_t in_h = p->in_h, in_w = p->in_w, in_c = p->in_c, k_h = p->k_h, k_w = p->k_w, out_c = p->out_c;
    const int32_t dil_h = p->dilation_h, dil_w = p->dilation_w;
    /* All of a pixel's products in one 32-bit run where the window holds at most RVFW_S16_EXACT_RUN. */
    const int long_window = k_h * k_w * in_c > RVFW_S16_EXACT_RUN;
    const ptrdiff_t x_col = (ptrdiff_t)dil_w * in_c, x_row = (ptrdiff_t)dil_h * in_w * in_c;
    const ptrdiff_t w_tap = (ptrdiff_t)in_c * out_c;
    const int wide_lanes = !long_window && in_c >= 4 && out_c > (int32_t)__riscv_vsetvlmax_e64m8();
    const int32_t stride_w = p->stride_w, pad_w = p->pad_w;
    /* Output pixels across lanes over the inside columns where that fills more lanes per
     * instruction than output channels do (and a window is one exact run). */
    const int32_t pixel_lanes = (int32_t)__riscv_vsetvlmax_e32m4();
    const int32_t channel_lanes = (int32_t)(wide_lanes ? __riscv_vsetvlmax_e32m8() : __riscv_vsetvlmax_e64m8());
    const rvfw_columns cols = rvfw_inside_columns(p->out_w, stride_w, pad_w, dil_w, in_w, k_w);
    const int pixels = !long_window && rvfw_pixel_lanes_pay(cols, out_c, pixel_lanes, channel_lanes, CHANNEL_GROUP,
                                                            PIXEL_TAP_COST, CHANNEL_TAP_COST);
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const rvfw_taps ry = rvfw_inside_taps(oy, p->stride_h, p->pad_h, dil_h, in_h, k_h);
            if (pixels)
                rvfw_conv_s16_pixels(p, input + ((ptrdiff_t)(b * in_h + ry.at) * in_w + cols.lo * stride_w - pad_w) * in_c,
                                     filter_hwio, (const int64_t *)bias, output_multiplier, output_shift,
                                     output + ((ptrdiff_t)(b * p->out_h + oy) * p->out_w + cols.lo) * out_c,
                                     cols.hi - cols.lo, ry, rvfw_store_s16_pixels);
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                if (pixels && ox == cols.lo) {
                    ox = cols.hi - 1;
                    continue;
                }
                const rvfw_taps rx = rvfw_inside_taps(ox, p->stride_w, p->pad_w, dil_w, in_w, k_w);
                int16_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * out_c;
                const int16_t *x_first = input + ((ptrdiff_t)(b * in_h + ry.at) * in_w + rx.at) * in_c;
                if (wide_lanes) { /* one exact 32-bit run per pixel, more channels than a 64-bit group: LMUL 8 */
                    for (int32_t oc0 = 0; oc0 < out_c;) {
                        const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc0));
                        vint32m8_t part = __riscv_vmv_v_x_i32m8(0, vl);
                        const int16_t *x_row_ptr = x_first;
                        const int8_t *w_row_ptr = filter_hwio + (ry.first * k_w + rx.first) * w_tap + oc0;
                        for (int32_t ky = ry.first; ky < ry.end; ++ky, x_row_ptr += x_row, w_row_ptr += k_w * w_tap) {
                            const int16_t *x_tap = x_row_ptr;
                            const int8_t *w = w_row_ptr;
                            for (int32_t kx = rx.first; kx < rx.end; ++kx, x_tap += x_col, w += w_tap)
                                part = rvfw_dot32m8_s16x8(part, x_tap, w, out_c, in_c, vl);
                        }
                        rvfw_store_s16_halves(part, bias ? (const int64_t *)bias + oc0 : 0, output_multiplier + oc0,
                                              output_shift + oc0, p->output_activation_min, p->output_activation_max,
                                              out + oc0, vl);
                        oc0 += (int32_t)vl;
                    }
                    continue;
                }
                for (int32_t oc0 = 0; oc0 < out_c;) {
                    const size_t vl = __riscv_vsetvl_e64m8((size_t)(out_c - oc0));
                    vint64m8_t acc = __riscv_vmv_v_x_i64m8(0, vl);
                    vint32m4_t part = __riscv_vmv_v_x_i32m4(0, vl);
                    const int16_t *x_row_ptr = x_first;
                    const int8_t *w_row_ptr = filter_hwio + (ry.first * k_w + rx.first) * w_tap + oc0;
                    for (int32_t ky = ry.first; ky < ry.end; ++ky, x_row_ptr += x_row, w_row_ptr += k_w * w_tap) {
                        const int16_t *x_tap = x_row_ptr;
                        const int8_t *w = w_row_ptr;
                        for (int32_t kx = rx.first; kx < rx.end; ++kx, x_tap += x_col) {
                            if (!long_window && in_c < 4) { /* a few input channels (an image's) */
                                for (int32_t ic = 0; ic < in_c; ++ic, w += out_c)
                                    part = rvfw_mac32_s16x8(part, x_tap[ic], w, vl);
                                continue;
                            }
                            if (!long_window) {
                                part = rvfw_dot32_s16x8(part, x_tap, w, out_c, in_c, vl);
                                w += w_tap;
                                continue;
                            }
                            /* the window's products could pass int32: one run at a time */
                            for (int32_t ic0 = 0; ic0 < in_c; ic0 += RVFW_S16_EXACT_RUN) {
                                const int32_t n = in_c - ic0 < RVFW_S16_EXACT_RUN ? in_c - ic0 : RVFW_S16_EXACT_RUN;
                                part = rvfw_dot32_s16x8(part, x_tap + ic0, w, out_c, n, vl);
                                w += (ptrdiff_t)n * out_c;
                                acc = __riscv_vwadd_wv_i64m8(acc, part, vl);
                                part = __riscv_vmv_v_x_i32m4(0, vl);
                            }
                        }
                    }
                    acc = __riscv_vwadd_wv_i64m8(acc, part, vl);
                    rvfw_store_s16(acc, bias ? (const int64_t *)bias + oc0 : 0, output_multiplier + oc0,
                                   output_shift + oc0, p->output_activation_min, p->output_activation_max, out + oc0,
                                   vl);
                    oc0 += (int32_t)vl;
                }
            }
        }
}
