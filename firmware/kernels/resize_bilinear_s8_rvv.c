/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR, int8, RVV (Zve32x too): the elements of an output row (columns x channels,
 * flattened) across int32 lanes, whatever the depth. Build-time lane tables give each element's
 * lower and upper input element in the row (lane_a, lane_b: offsets in the row) and its column
 * weight (lane_w: dx in 1/1024); the two input rows are gathered at both. The reference's sum
 * r0a*w00 + r1a*w10 + r0b*w01 + r1b*w11 is computed as (1024 - dx) * (r0a*(1024 - dy) + r1a*dy)
 * + dx * (r0b*(1024 - dy) + r1b*dy): the same integer (|sum| <= 2^27), rounded as it rounds. */
#include "rvfw_resize.h" /* before rvfw_rvv.h: it declares the parameter structs */
#include "rvfw_rvv.h"

static inline vint32m8_t gather(const int8_t *row, vuint16m4_t at, size_t vl)
{
    return __riscv_vsext_vf4_i32m8(__riscv_vluxei16_v_i8m2(row, at, vl), vl);
}

/* One output row: n elements blended from input rows r0 and r1 with row weight dy (1/1024). */
static void blend_row(const int8_t *r0, const int8_t *r1, int32_t dy, const uint16_t *lane_a, const uint16_t *lane_b,
                      const int16_t *lane_w, int32_t n, int8_t *output)
{
    const int32_t one = 1 << 10, ly = one - dy;
    for (int32_t e = 0; e < n;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(n - e));
        const vuint16m4_t a = __riscv_vle16_v_u16m4(lane_a + e, vl), c = __riscv_vle16_v_u16m4(lane_b + e, vl);
        vint32m8_t lower = __riscv_vmul_vx_i32m8(gather(r0, a, vl), ly, vl);
        lower = __riscv_vmacc_vx_i32m8(lower, dy, gather(r1, a, vl), vl);
        vint32m8_t upper = __riscv_vmul_vx_i32m8(gather(r0, c, vl), ly, vl);
        upper = __riscv_vmacc_vx_i32m8(upper, dy, gather(r1, c, vl), vl);
        const vint32m8_t dx = __riscv_vsext_vf2_i32m8(__riscv_vle16_v_i16m4(lane_w + e, vl), vl);
        vint32m8_t sum = __riscv_vmul_vv_i32m8(lower, __riscv_vrsub_vx_i32m8(dx, one, vl), vl);
        sum = __riscv_vmacc_vv_i32m8(sum, dx, upper, vl);
        /* round half away from zero: the magnitude rounded up at the half, the sign put back */
        const vbool4_t negative = __riscv_vmslt_vx_i32m8_b4(sum, 0, vl);
        sum = __riscv_vneg_v_i32m8_mu(negative, sum, sum, vl);
        sum = __riscv_vsra_vx_i32m8(__riscv_vadd_vx_i32m8(sum, 1 << 19, vl), 20, vl);
        sum = __riscv_vneg_v_i32m8_mu(negative, sum, sum, vl);
        __riscv_vse8_v_i8m2(output + e, __riscv_vncvt_x_x_w_i8m2(__riscv_vncvt_x_x_w_i16m4(sum, vl), vl), vl);
        e += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_resize_bilinear_s8_rvv(const rvfw_resize_bilinear_params *p, const int8_t *input, const int32_t *rows,
                                 const uint16_t *lane_a, const uint16_t *lane_b, const int16_t *lane_w,
                                 int8_t *output)
{
    RVFW_RESIZE_BILINEAR_S8_BODY(p, input, rows, lane_a, lane_b, lane_w, output);
}

