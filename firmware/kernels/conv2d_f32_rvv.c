/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, float32, RVV (SEW 32), the filter repacked [k_h][k_w][in_c][out_c]; each lane sums in
 * TFLite Micro's order (filter row, column, input channel) with separate multiplies and adds,
 * skipping taps outside the image as it does. Two ways to fill the lanes, chosen per layer:
 *
 * - output channels across lanes (LMUL 8), one weight vector load per tap: layers with many
 *   output channels, and every column whose window crosses the left or right edge;
 * - output pixels of a row across lanes (LMUL 4), one strided input load per tap shared by four
 *   output channels, their weights scalars: layers with few output channels (a MobileNet's 1x1
 *   projections, a 3-channel stem), where channel lanes would sit idle. Only the columns whose
 *   window lies inside the image, so every lane takes the same taps. */
#include "rvfw_kernels.h"
#include "rvfw_rvv_f32.h"
#include "rvfw_taps.h"

#define CHANNEL_GROUP 4 /* output channels per strided input load */

/* Instructions per tap, the estimates that pick the layout: a channel strip's loop body (weight
 * load, input load, multiply, add, two pointer steps, branch) and a pixel block's for one group
 * (input load, three per channel, pointer steps, branch). */
#define CHANNEL_TAP_COST 7
#define PIXEL_TAP_COST (4 + 3 * CHANNEL_GROUP)

static inline vfloat32m4_t mul_add(vfloat32m4_t total, vfloat32m4_t x, float w, size_t vl)
{
    return __riscv_vfadd_vv_f32m4(total, __riscv_vfmul_vf_f32m4(x, w, vl), vl);
}

/* total + bias, TFLite's clamp (compare and merge), stored to one channel of consecutive pixels. */
static inline void store_pixels(float *out, int32_t out_c, vfloat32m4_t total, float bias, const float *act,
                                size_t vl)
{
    vfloat32m4_t v = __riscv_vfadd_vf_f32m4(total, bias, vl);
    v = __riscv_vfmerge_vfm_f32m4(v, act[0], __riscv_vmflt_vf_f32m4_b8(v, act[0], vl), vl);
    v = __riscv_vfmerge_vfm_f32m4(v, act[1], __riscv_vmfgt_vf_f32m4_b8(v, act[1], vl), vl);
    __riscv_vsse32_v_f32m4(out, (ptrdiff_t)out_c * (ptrdiff_t)sizeof(float), v, vl);
}

/* `count` output pixels of one row from column ox_lo, their windows inside the image horizontally:
 * x_lo is the input of the first pixel's first tap (row ry.at, column ox_lo * stride - pad). */
static void pixels_across_lanes(const rvfw_conv_params *p, const float *x_lo, const float *filter_t,
                                const float *bias, const float *act, float *out_lo, int32_t count, rvfw_taps ry)
{
    const int32_t out_c = p->out_c;
    const ptrdiff_t lane_bytes = (ptrdiff_t)p->stride_w * p->in_c * (ptrdiff_t)sizeof(float);
    RVFW_PIXEL_BLOCKS(p, x_lo, out_lo, count, __riscv_vsetvl_e32m4, {
        const vfloat32m4_t zero = __riscv_vfmv_v_f_f32m4(0.0f, vl);
        int32_t oc = 0;
        for (; oc + CHANNEL_GROUP <= out_c; oc += CHANNEL_GROUP) {
            vfloat32m4_t t0 = zero, t1 = zero, t2 = zero, t3 = zero;
            RVFW_CONV_PIXEL_TAPS(p, ry, x_block, filter_t, oc, {
                const vfloat32m4_t xv = __riscv_vlse32_v_f32m4(x + ic, lane_bytes, vl);
                t0 = mul_add(t0, xv, w[0], vl);
                t1 = mul_add(t1, xv, w[1], vl);
                t2 = mul_add(t2, xv, w[2], vl);
                t3 = mul_add(t3, xv, w[3], vl);
            });
            store_pixels(out + oc, out_c, t0, bias ? bias[oc] : 0.0f, act, vl);
            store_pixels(out + oc + 1, out_c, t1, bias ? bias[oc + 1] : 0.0f, act, vl);
            store_pixels(out + oc + 2, out_c, t2, bias ? bias[oc + 2] : 0.0f, act, vl);
            store_pixels(out + oc + 3, out_c, t3, bias ? bias[oc + 3] : 0.0f, act, vl);
        }
        for (; oc < out_c; ++oc) {
            vfloat32m4_t t0 = zero;
            RVFW_CONV_PIXEL_TAPS(p, ry, x_block, filter_t, oc,
                                 t0 = mul_add(t0, __riscv_vlse32_v_f32m4(x + ic, lane_bytes, vl), w[0], vl););
            store_pixels(out + oc, out_c, t0, bias ? bias[oc] : 0.0f, act, vl);
        }
    })
}

/* One output pixel, output channels across lanes. */
static void channels_across_lanes(const rvfw_conv_params *p, const float *x_first, const float *filter_t,
                                  const float *bias, const float *act, float *out, rvfw_taps ry, rvfw_taps rx)
{
    const int32_t out_c = p->out_c;
    for (int32_t oc0 = 0; oc0 < out_c;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc0));
        vfloat32m8_t total = __riscv_vfmv_v_f_f32m8(0.0f, vl);
        RVFW_CONV_CHANNEL_TAPS(p, ry, rx, x_first, filter_t, oc0,
                               total = __riscv_vfadd_vv_f32m8(
                                   total, __riscv_vfmul_vf_f32m8(__riscv_vle32_v_f32m8(w, vl), x[ic], vl), vl););
        rvfw_store_biased_f32(out + oc0, total, bias ? bias + oc0 : 0, act, vl);
        oc0 += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_conv2d_f32_rvv(const rvfw_conv_params *p, const float *input, const float *filter_t, const float *bias,
                         const float *act, float *output)
{
    /* Output pixels across lanes over the inside columns where that fills more lanes per
     * instruction than output channels do. */
    rvfw_columns cols;
    const int pixels = rvfw_conv_pixels_pay(p, &cols, (int32_t)__riscv_vsetvlmax_e32m4(), (int32_t)__riscv_vsetvlmax_e32m8(),
                                            CHANNEL_GROUP, PIXEL_TAP_COST, CHANNEL_TAP_COST);
#define PIXELS(x, out, count, ry) pixels_across_lanes(p, x, filter_t, bias, act, out, count, ry)
#define CHANNELS(x, out, ry, rx) channels_across_lanes(p, x, filter_t, bias, act, out, ry, rx)
    RVFW_CONV_ROWS(p, input, output, cols, pixels, PIXELS, CHANNELS)
}
