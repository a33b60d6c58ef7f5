/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR, float32, XTheadVector (C906): resize_bilinear_f32_rvv.c's form on 16 float
 * lanes: an output row's elements in lanes, each lane's two input elements of both input rows
 * gathered (indexed loads at the build-time lane tables' byte offsets), the reference's
 * expression operation by operation and in its order. */
#include "rvfw_resize.h"
#include "rvfw_xthead.h"

/* v16 = input row r gathered at the offsets in v4, times wy, times the column weights in v12 */
#define TERM(r, wy)                                                                                               \
    do {                                                                                                          \
        XT_VLXE(16, (r), 4);                                                                                      \
        XT_VFMUL_VF(16, 16, (wy));                                                                                \
        XT_VFMUL_VV(16, 16, 12);                                                                                  \
    } while (0)

/* One output row: n elements blended from input rows r0 and r1 with row weights ly, dy. */
static void blend_row(const float *r0, const float *r1, float ly, float dy, const uint16_t *lane_a,
                      const uint16_t *lane_b, const float *lane_w, int32_t n, float *output)
{
    for (int32_t e = 0; e < n;) {
        const size_t vl = rvfw_xt_setvl_e32m4((size_t)(n - e));
        XT_VLHU(4, lane_a + e);
        XT_VLE(12, lane_w + e); /* 1 - dx */
        TERM(r0, ly);
        XT_VMV_VV(8, 16);
        TERM(r1, dy);
        XT_VFADD_VV(8, 8, 16);
        XT_VLHU(4, lane_b + e);
        XT_VLE(12, lane_w + n + e); /* dx */
        TERM(r0, ly);
        XT_VFADD_VV(8, 8, 16);
        TERM(r1, dy);
        XT_VFADD_VV(8, 8, 16);
        XT_VFADD_VF(8, 8, 0.0f);
        XT_VSE(8, output + e);
        e += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_resize_bilinear_f32_xthead(const rvfw_resize_bilinear_params *p, const float *input, const int32_t *rows,
                                     const float *row_w, const uint16_t *lane_a, const uint16_t *lane_b,
                                     const float *lane_w, float *output)
{
    RVFW_RESIZE_BILINEAR_F32_BODY(p, input, rows, row_w, lane_a, lane_b, lane_w, output);
}

