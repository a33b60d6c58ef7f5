/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR, int8, XTheadVector (C906): the RVV kernel's form (resize_bilinear_s8_rvv.c) on
 * 16 int32 lanes (LMUL 4, so the two gathered rows, both blends and the weights fit in registers):
 * an output row's elements in lanes, each lane's two input elements of both input rows gathered
 * with indexed byte loads at the build-time lane tables' offsets, the column blend
 * (1024 - dx) * lower + dx * upper, and the reference's rounding half away from zero by 2^20. */
#include "rvfw_resize.h"
#include "rvfw_xthead.h"

/* One output row: n elements blended from input rows r0 and r1 with row weight dy (1/1024). */
static void blend_row(const int8_t *r0, const int8_t *r1, int32_t dy, const uint16_t *lane_a, const uint16_t *lane_b,
                      const int16_t *lane_w, int32_t n, int8_t *output)
{
    const int32_t one = 1 << 10, ly = one - dy;
    for (int32_t e = 0; e < n;) {
        const size_t vl = rvfw_xt_setvl_e32m4((size_t)(n - e));
        XT_VLHU(4, lane_a + e);
        XT_VLXB(8, r0, 4);
        XT_VLXB(12, r1, 4);
        XT_VMUL_VX(8, 8, ly);
        XT_VMACC_VX(8, dy, 12); /* v8: the lower elements' vertical blend */
        XT_VLHU(4, lane_b + e);
        XT_VLXB(12, r0, 4);
        XT_VLXB(16, r1, 4);
        XT_VMUL_VX(12, 12, ly);
        XT_VMACC_VX(12, dy, 16); /* v12: the upper elements' */
        XT_VLHU(16, lane_w + e); /* dx in [0, 1024]: its zero extension is its value */
        XT_VRSUB_VX(20, 16, one);
        XT_VMUL_VV(8, 8, 20);
        XT_VMACC_VV(8, 16, 12);
        /* round half away from zero: the magnitude rounded up at the half, the sign put back */
        XT_VMSLT_VX(0, 8, 0);
        XT_VRSUB_VX_V0(8, 8, 0);
        XT_VADD_VX(8, 8, 1 << 19);
        XT_VSRA_VX(8, 8, 20);
        XT_VRSUB_VX_V0(8, 8, 0);
        XT_VSB(8, output + e);
        e += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_resize_bilinear_s8_xthead(const rvfw_resize_bilinear_params *p, const int8_t *input, const int32_t *rows,
                                    const uint16_t *lane_a, const uint16_t *lane_b, const int16_t *lane_w,
                                    int8_t *output)
{
    RVFW_RESIZE_BILINEAR_S8_BODY(p, input, rows, lane_a, lane_b, lane_w, output);
}

