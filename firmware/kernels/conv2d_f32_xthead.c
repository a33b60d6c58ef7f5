/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, float32, XTheadVector (C906), the filter repacked [k_h][k_w][in_c][out_c]: the RVV
 * kernel's two layouts (conv2d_f32_rvv.c) in the C906's dialect. Each lane sums in TFLite Micro's
 * order (filter row, column, input channel) with separate multiplies and adds, the taps outside
 * the image skipped; then + bias and TFLite's clamp (compare and merge).
 *
 * - output pixels of a row across 16 lanes (LMUL 4; accumulators v4, v8, v12, v16, the strided
 *   input v20, products v24), four output channels a load, for layers with few output channels;
 *   only the columns whose window lies inside the image;
 * - output channels across 32 lanes (LMUL 8; v8 sums, v16 weights, v24 products) elsewhere. */
#include "rvfw_kernels.h"
#include "rvfw_taps.h"
#include "rvfw_xthead.h"

#define CHANNEL_GROUP 4
/* Instructions per tap, the estimates that pick the layout (as conv2d_f32_rvv.c's). */
#define CHANNEL_TAP_COST 7
#define PIXEL_TAP_COST (4 + 3 * CHANNEL_GROUP)

/* + bias, clamp to act, stored to one channel of consecutive pixels (a macro: vector registers
 * are part of the instruction word). Uses v0. */
#define STORE_PIXELS(v, out, out_c, b, act)                                                                \
    do {                                                                                                   \
        XT_VFADD_VF(v, v, b);                                                                              \
        XT_VMFLT_VF(0, v, (act)[0]);                                                                       \
        XT_VFMERGE_VFM(v, v, (act)[0]);                                                                    \
        XT_VMFGT_VF(0, v, (act)[1]);                                                                       \
        XT_VFMERGE_VFM(v, v, (act)[1]);                                                                    \
        XT_VSSE(v, out, (ptrdiff_t)(out_c) * (ptrdiff_t)sizeof(float));                                    \
    } while (0)

/* Tap sum into accumulator v: v += x * w (products in v24). */
#define MUL_ADD(v, w)                                                                                      \
    do {                                                                                                   \
        XT_VFMUL_VF(24, 20, w);                                                                            \
        XT_VFADD_VV(v, v, 24);                                                                             \
    } while (0)

static void pixels_across_lanes(const rvfw_conv_params *p, const float *x_lo, const float *filter_t,
                                const float *bias, const float *act, float *out_lo, int32_t count, rvfw_taps ry)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, k_w = p->k_w;
    const ptrdiff_t x_col = (ptrdiff_t)p->dilation_w * in_c, x_row = (ptrdiff_t)p->dilation_h * p->in_w * in_c;
    const ptrdiff_t x_pixel = (ptrdiff_t)p->stride_w * in_c, w_tap = (ptrdiff_t)in_c * out_c;
    const ptrdiff_t lane_bytes = x_pixel * (ptrdiff_t)sizeof(float);
    for (int32_t done = 0; done < count;) {
        const size_t vl = rvfw_xt_setvl_e32m4((size_t)(count - done));
        const float *x_block = x_lo + done * x_pixel;
        float *out = out_lo + (ptrdiff_t)done * out_c;
        int32_t oc = 0;
        for (; oc + CHANNEL_GROUP <= out_c; oc += CHANNEL_GROUP) {
            XT_VMV_VX(4, 0);
            XT_VMV_VX(8, 0);
            XT_VMV_VX(12, 0);
            XT_VMV_VX(16, 0);
            const float *x_r = x_block;
            const float *w_r = filter_t + ry.first * k_w * w_tap + oc;
            for (int32_t ky = ry.first; ky < ry.end; ++ky, x_r += x_row, w_r += k_w * w_tap) {
                const float *x = x_r;
                const float *w = w_r;
                for (int32_t kx = 0; kx < k_w; ++kx, x += x_col)
                    for (int32_t ic = 0; ic < in_c; ++ic, w += out_c) {
                        XT_VLSE(20, x + ic, lane_bytes);
                        MUL_ADD(4, w[0]);
                        MUL_ADD(8, w[1]);
                        MUL_ADD(12, w[2]);
                        MUL_ADD(16, w[3]);
                    }
            }
            STORE_PIXELS(4, out + oc, out_c, bias ? bias[oc] : 0.0f, act);
            STORE_PIXELS(8, out + oc + 1, out_c, bias ? bias[oc + 1] : 0.0f, act);
            STORE_PIXELS(12, out + oc + 2, out_c, bias ? bias[oc + 2] : 0.0f, act);
            STORE_PIXELS(16, out + oc + 3, out_c, bias ? bias[oc + 3] : 0.0f, act);
        }
        for (; oc < out_c; ++oc) {
            XT_VMV_VX(4, 0);
            const float *x_r = x_block;
            const float *w_r = filter_t + ry.first * k_w * w_tap + oc;
            for (int32_t ky = ry.first; ky < ry.end; ++ky, x_r += x_row, w_r += k_w * w_tap) {
                const float *x = x_r;
                const float *w = w_r;
                for (int32_t kx = 0; kx < k_w; ++kx, x += x_col)
                    for (int32_t ic = 0; ic < in_c; ++ic, w += out_c) {
                        XT_VLSE(20, x + ic, lane_bytes);
                        MUL_ADD(4, w[0]);
                    }
            }
            STORE_PIXELS(4, out + oc, out_c, bias ? bias[oc] : 0.0f, act);
        }
        done += (int32_t)vl;
    }
}

static void channels_across_lanes(const rvfw_conv_params *p, const float *x_first, const float *filter_t,
                                  const float *bias, const float *act, float *out, rvfw_taps ry, rvfw_taps rx)
{
    const int32_t in_c = p->in_c, k_w = p->k_w, out_c = p->out_c;
    const ptrdiff_t x_col = (ptrdiff_t)p->dilation_w * in_c, x_row = (ptrdiff_t)p->dilation_h * p->in_w * in_c;
    const ptrdiff_t w_tap = (ptrdiff_t)in_c * out_c;
    for (int32_t oc0 = 0; oc0 < out_c;) {
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(out_c - oc0));
        XT_VMV_VX(8, 0);
        const float *x_row_ptr = x_first;
        const float *w_row_ptr = filter_t + (ry.first * k_w + rx.first) * w_tap + oc0;
        for (int32_t ky = ry.first; ky < ry.end; ++ky, x_row_ptr += x_row, w_row_ptr += k_w * w_tap) {
            const float *x = x_row_ptr;
            const float *w = w_row_ptr;
            for (int32_t kx = rx.first; kx < rx.end; ++kx, x += x_col)
                for (int32_t ic = 0; ic < in_c; ++ic, w += out_c) {
                    XT_VLE(16, w);
                    XT_VFMUL_VF(24, 16, x[ic]);
                    XT_VFADD_VV(8, 8, 24);
                }
        }
        if (bias) {
            XT_VLE(16, bias + oc0);
            XT_VFADD_VV(8, 8, 16);
        } else {
            XT_VFADD_VF(8, 8, 0.0f);
        }
        XT_VMFLT_VF(0, 8, act[0]);
        XT_VFMERGE_VFM(8, 8, act[0]);
        XT_VMFGT_VF(0, 8, act[1]);
        XT_VFMERGE_VFM(8, 8, act[1]);
        XT_VSE(8, out + oc0);
        oc0 += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_conv2d_f32_xthead(const rvfw_conv_params *p, const float *input, const float *filter_t,
                            const float *bias, const float *act, float *output)
{
    const int32_t in_h = p->in_h, in_w = p->in_w, in_c = p->in_c, k_w = p->k_w, out_c = p->out_c;
    const int32_t stride_w = p->stride_w, pad_w = p->pad_w, out_w = p->out_w;
    /* Output pixels across lanes over the inside columns where that fills more lanes per
     * instruction than output channels do. */
    const int32_t pixel_lanes = (int32_t)rvfw_xt_setvl_e32m4((size_t)1 << 20);
    const int32_t channel_lanes = (int32_t)rvfw_xt_setvl_e32m8((size_t)1 << 20);
    const rvfw_columns cols = rvfw_inside_columns(out_w, stride_w, pad_w, p->dilation_w, in_w, k_w);
    const int pixels = rvfw_pixel_lanes_pay(cols, out_c, pixel_lanes, channel_lanes, CHANNEL_GROUP,
                                            PIXEL_TAP_COST, CHANNEL_TAP_COST);
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const rvfw_taps ry = rvfw_inside_taps(oy, p->stride_h, p->pad_h, p->dilation_h, in_h, p->k_h);
            const float *in_row = input + (ptrdiff_t)(b * in_h + ry.at) * in_w * in_c;
            float *out_row = output + (ptrdiff_t)(b * p->out_h + oy) * out_w * out_c;
            if (pixels)
                pixels_across_lanes(p, in_row + (ptrdiff_t)(cols.lo * stride_w - pad_w) * in_c, filter_t, bias, act,
                                    out_row + (ptrdiff_t)cols.lo * out_c, cols.hi - cols.lo, ry);
            for (int32_t ox = 0; ox < out_w; ++ox) {
                if (pixels && ox == cols.lo) {
                    ox = cols.hi - 1;
                    continue;
                }
                const rvfw_taps rx = rvfw_inside_taps(ox, stride_w, pad_w, p->dilation_w, in_w, k_w);
                channels_across_lanes(p, in_row + (ptrdiff_t)rx.at * in_c, filter_t, bias, act,
                                      out_row + (ptrdiff_t)ox * out_c, ry, rx);
            }
        }
}
