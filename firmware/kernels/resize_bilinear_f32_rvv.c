/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR, float32, RVV (SEW 32, V or Zve32f): the elements of an output row (columns x
 * channels, flattened) across float lanes, whatever the depth. Build-time lane tables give each
 * element's lower and upper input element (lane_a, lane_b: byte offsets in the row) and its
 * column weights (lane_w: 1 - dx, dx per element); the two input rows are gathered at both. Each
 * lane repeats the reference's expression, operation by operation and in its order. */
#include "rvfw_resize.h"
#include "rvfw_rvv_f32.h"

/* One output row: n elements blended from input rows r0 and r1 with row weights ly, dy. */
static void blend_row(const float *r0, const float *r1, float ly, float dy, const uint16_t *lane_a,
                      const uint16_t *lane_b, const float *lane_w, int32_t n, float *output)
{
                for (int32_t e = 0; e < n;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(n - e));
                    const vuint16m4_t a = __riscv_vle16_v_u16m4(lane_a + e, vl), c = __riscv_vle16_v_u16m4(lane_b + e, vl);
                    const vfloat32m8_t lx = __riscv_vle32_v_f32m8(lane_w + e, vl);
                    const vfloat32m8_t dx = __riscv_vle32_v_f32m8(lane_w + n + e, vl);
    #define TERM(r, wy, wx, at) \
        __riscv_vfmul_vv_f32m8(__riscv_vfmul_vf_f32m8(__riscv_vluxei16_v_f32m8((r), (at), vl), (wy), vl), (wx), vl)
                    vfloat32m8_t sum = __riscv_vfadd_vv_f32m8(TERM(r0, ly, lx, a), TERM(r1, dy, lx, a), vl);
                    sum = __riscv_vfadd_vv_f32m8(sum, TERM(r0, ly, dx, c), vl);
                    sum = __riscv_vfadd_vv_f32m8(sum, TERM(r1, dy, dx, c), vl);
    #undef TERM
                    __riscv_vse32_v_f32m8(output + e, __riscv_vfadd_vf_f32m8(sum, 0.0f, vl), vl);
                    e += (int32_t)vl;
                }
}

RVFW_KERNEL void rvfw_resize_bilinear_f32_rvv(const rvfw_resize_bilinear_params *p, const float *input, const int32_t *rows,
                                  const float *row_w, const uint16_t *lane_a, const uint16_t *lane_b,
                                  const float *lane_w, float *output)
{
    RVFW_RESIZE_BILINEAR_F32_BODY(p, input, rows, row_w, lane_a, lane_b, lane_w, output);
}

