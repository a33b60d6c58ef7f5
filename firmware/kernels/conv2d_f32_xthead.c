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
    const int32_t out_c = p->out_c;
    const ptrdiff_t lane_bytes = (ptrdiff_t)p->stride_w * p->in_c * (ptrdiff_t)sizeof(float);
    RVFW_PIXEL_BLOCKS(p, x_lo, out_lo, count, rvfw_xt_setvl_e32m4, {
        int32_t oc = 0;
        for (; oc + CHANNEL_GROUP <= out_c; oc += CHANNEL_GROUP) {
            XT_VMV_VX_4(4, 8, 12, 16, 0);
            RVFW_CONV_PIXEL_TAPS(p, ry, x_block, filter_t, oc, {
                XT_VLSE(20, x + ic, lane_bytes);
                MUL_ADD(4, w[0]);
                MUL_ADD(8, w[1]);
                MUL_ADD(12, w[2]);
                MUL_ADD(16, w[3]);
            });
            STORE_PIXELS(4, out + oc, out_c, bias ? bias[oc] : 0.0f, act);
            STORE_PIXELS(8, out + oc + 1, out_c, bias ? bias[oc + 1] : 0.0f, act);
            STORE_PIXELS(12, out + oc + 2, out_c, bias ? bias[oc + 2] : 0.0f, act);
            STORE_PIXELS(16, out + oc + 3, out_c, bias ? bias[oc + 3] : 0.0f, act);
        }
        for (; oc < out_c; ++oc) {
            XT_VMV_VX(4, 0);
            RVFW_CONV_PIXEL_TAPS(p, ry, x_block, filter_t, oc, {
                XT_VLSE(20, x + ic, lane_bytes);
                MUL_ADD(4, w[0]);
            });
            STORE_PIXELS(4, out + oc, out_c, bias ? bias[oc] : 0.0f, act);
        }
    })
}

static void channels_across_lanes(const rvfw_conv_params *p, const float *x_first, const float *filter_t,
                                  const float *bias, const float *act, float *out, rvfw_taps ry, rvfw_taps rx)
{
    const int32_t out_c = p->out_c;
    for (int32_t oc0 = 0; oc0 < out_c;) {
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(out_c - oc0));
        XT_VMV_VX(8, 0);
        RVFW_CONV_CHANNEL_TAPS(p, ry, rx, x_first, filter_t, oc0, {
            XT_VLE(16, w);
            XT_VFMUL_VF(24, 16, x[ic]);
            XT_VFADD_VV(8, 8, 24);
        });
        XT_F32_BIAS_CLAMP(8, 16, bias ? bias + oc0 : 0, act);
        XT_VSE(8, out + oc0);
        oc0 += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_conv2d_f32_xthead(const rvfw_conv_params *p, const float *input, const float *filter_t,
                            const float *bias, const float *act, float *output)
{
    /* Output pixels across lanes over the inside columns where that fills more lanes per
     * instruction than output channels do. */
    rvfw_columns cols;
    const int pixels = rvfw_conv_pixels_pay(p, &cols, (int32_t)rvfw_xt_setvl_e32m4((size_t)1 << 20), (int32_t)rvfw_xt_setvl_e32m8((size_t)1 << 20),
                                            CHANNEL_GROUP, PIXEL_TAP_COST, CHANNEL_TAP_COST);
#define PIXELS(x, out, count, ry) pixels_across_lanes(p, x, filter_t, bias, act, out, count, ry)
#define CHANNELS(x, out, ry, rx) channels_across_lanes(p, x, filter_t, bias, act, out, ry, rx)
    RVFW_CONV_ROWS(p, input, output, cols, pixels, PIXELS, CHANNELS)
}
