/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 16x8, XTheadVector (C906), the filter in HWIO order: int16 inputs and int8 weights
 * sign-extended by their loads and multiplied into int64 sums as TFLite Micro accumulates, then
 * its requantisation from the build's rows (ops.conv_common.requant64) with no arithmetic of the
 * kernel's own; the taps inside the image walked as ranges (rvfw_taps.h). The RVV kernels' two
 * layouts (conv2d_s16_rvv.c):
 *
 * - output pixels of a row across 8 int64 lanes (LMUL 4; sums v4, v8, v12, v16, the strided input
 *   v20), four output channels a load, for layers with few output channels; only the columns
 *   whose window lies inside the image;
 * - output channels across 16 int64 lanes (LMUL 8; v8 sums, v16 weights, v24 requantisation rows)
 *   elsewhere. */
#include "rvfw_kernels.h"
#include "rvfw_taps.h"
#include "rvfw_xthead.h"

#define CHANNEL_GROUP 4
/* Instructions per tap, the estimates that pick the layout (weight load, input load, multiply-add
 * and bookkeeping; strided load, two per channel and bookkeeping). */
#define CHANNEL_TAP_COST 6
#define PIXEL_TAP_COST (4 + 2 * CHANNEL_GROUP)

/* Requantise the int64 lanes of v with channel oc's rows, clamp, store every out_c elements. */
#define STORE_PIXELS(v, oc)                                                                                \
    do {                                                                                                   \
        if (bias64)                                                                                        \
            XT_VADD_VX(v, v, bias64[oc]);                                                                  \
        XT_VMUL_VX(v, v, requant64[oc]);                                                                   \
        XT_VADD_VX(v, v, requant64[out_c + (oc)]);                                                         \
        XT_VSRA_VX(v, v, requant64[2 * out_c + (oc)]);                                                     \
        XT_VMAX_VX(v, v, lo);                                                                              \
        XT_VMIN_VX(v, v, hi);                                                                              \
        XT_VSSH(v, out + (oc), (ptrdiff_t)out_c * (ptrdiff_t)sizeof(int16_t));                             \
    } while (0)

static void pixels_across_lanes(const rvfw_conv_params *p, const int16_t *x_lo, const int8_t *filter_hwio,
                                const int64_t *bias64, const int64_t *requant64, int16_t *out_lo, int32_t count,
                                rvfw_taps ry)
{
    const int32_t out_c = p->out_c;
    const intptr_t lo = p->output_activation_min, hi = p->output_activation_max;
    const ptrdiff_t lane_bytes = (ptrdiff_t)p->stride_w * p->in_c * (ptrdiff_t)sizeof(int16_t);
    RVFW_PIXEL_BLOCKS(p, x_lo, out_lo, count, rvfw_xt_setvl_e64m4, {
        int32_t oc = 0;
        for (; oc + CHANNEL_GROUP <= out_c; oc += CHANNEL_GROUP) {
            XT_VMV_VX_4(4, 8, 12, 16, 0);
            RVFW_CONV_PIXEL_TAPS(p, ry, x_block, filter_hwio, oc, {
                XT_VLSH(20, x + ic, lane_bytes);
                XT_VMACC_VX(4, w[0], 20);
                XT_VMACC_VX(8, w[1], 20);
                XT_VMACC_VX(12, w[2], 20);
                XT_VMACC_VX(16, w[3], 20);
            });
            STORE_PIXELS(4, oc);
            STORE_PIXELS(8, oc + 1);
            STORE_PIXELS(12, oc + 2);
            STORE_PIXELS(16, oc + 3);
        }
        for (; oc < out_c; ++oc) {
            XT_VMV_VX(4, 0);
            RVFW_CONV_PIXEL_TAPS(p, ry, x_block, filter_hwio, oc, {
                XT_VLSH(20, x + ic, lane_bytes);
                XT_VMACC_VX(4, w[0], 20);
            });
            STORE_PIXELS(4, oc);
        }
    })
}

static void channels_across_lanes(const rvfw_conv_params *p, const int16_t *x_first, const int8_t *filter_hwio,
                                  const int64_t *bias64, const int64_t *requant64, int16_t *out, rvfw_taps ry,
                                  rvfw_taps rx)
{
    const int32_t out_c = p->out_c;
    const intptr_t lo = p->output_activation_min, hi = p->output_activation_max;
    for (int32_t oc0 = 0; oc0 < out_c;) {
        const size_t vl = rvfw_xt_setvl_e64m8((size_t)(out_c - oc0));
        XT_VMV_VX(8, 0);
        RVFW_CONV_CHANNEL_TAPS(p, ry, rx, x_first, filter_hwio, oc0, {
            XT_VLB(16, w);
            XT_VMACC_VX(8, x[ic], 16);
        });
        if (bias64) {
            XT_VLE(16, bias64 + oc0);
            XT_VADD_VV(8, 8, 16);
        }
        XT_VLE(24, requant64 + oc0);
        XT_VMUL_VV(8, 8, 24);
        XT_VLE(24, requant64 + out_c + oc0);
        XT_VADD_VV(8, 8, 24);
        XT_VLE(24, requant64 + 2 * out_c + oc0);
        XT_VSRA_VV(8, 8, 24);
        XT_VMAX_VX(8, 8, lo);
        XT_VMIN_VX(8, 8, hi);
        XT_VSH(8, out + oc0);
        oc0 += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_conv2d_s16_xthead(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter_hwio,
                            const void *bias, const int64_t *requant64, int16_t *output)
{
    const int64_t *bias64 = (const int64_t *)bias;
    /* Output pixels across lanes over the inside columns where that fills more lanes per
     * instruction than output channels do. */
    rvfw_columns cols;
    const int pixels = rvfw_conv_pixels_pay(p, &cols, (int32_t)rvfw_xt_setvl_e64m4((size_t)1 << 20), (int32_t)rvfw_xt_setvl_e64m8((size_t)1 << 20),
                                            CHANNEL_GROUP, PIXEL_TAP_COST, CHANNEL_TAP_COST);
#define PIXELS(x, out, count, ry) pixels_across_lanes(p, x, filter_hwio, bias64, requant64, out, count, ry)
#define CHANNELS(x, out, ry, rx) channels_across_lanes(p, x, filter_hwio, bias64, requant64, out, ry, rx)
    RVFW_CONV_ROWS(p, input, output, cols, pixels, PIXELS, CHANNELS)
}
