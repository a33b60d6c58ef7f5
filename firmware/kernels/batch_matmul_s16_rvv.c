/* SPDX-License-Identifier: Apache-2.0 */
/* BATCH_MATMUL, int16 (16x8: zero points 0), RVV with 64-bit elements: output columns across int64
 * lanes. Each step of the depth loads one right-hand row of the strip (unit stride, or with the
 * column stride when the operand is transposed), multiplies it by the left-hand value into 32-bit
 * products (exact: |int16 x int16| < 2^31) and adds them into the int64 sums, as the reference's
 * BatchMatMul<int16_t, int64_t>; then its 64-bit requantisation (rvfw_requantize64_vx). */
#include "rvfw_batch_matmul.h"
#include "rvfw_rvv.h"
#include "rvfw_rvv_s16.h"

static void product16(const rvfw_batch_matmul_params *p, const int16_t *am, const int16_t *bm, int16_t *out)
{
    const int32_t rows = p->rows, depth = p->depth, cols = p->cols;
    const ptrdiff_t ars = p->a_row_stride, ads = p->a_depth_stride, bds = p->b_depth_stride, bcs = p->b_col_stride;
    for (int32_t i = 0; i < rows; ++i, out += cols)
        for (int32_t j = 0; j < cols;) {
            const size_t vl = __riscv_vsetvl_e64m8((size_t)(cols - j));
            const int16_t *x = am + i * ars, *w = bm + j * bcs;
            vint64m8_t acc = __riscv_vmv_v_x_i64m8(0, vl);
            for (int32_t k = 0; k < depth; ++k, x += ads, w += bds) {
                const vint16m2_t y = bcs == 1 ? __riscv_vle16_v_i16m2(w, vl)
                                              : __riscv_vlse16_v_i16m2(w, bcs * (ptrdiff_t)sizeof(int16_t), vl);
                acc = __riscv_vwadd_wv_i64m8(acc, __riscv_vwmul_vx_i32m4(y, *x, vl), vl);
            }
            const vint64m8_t v = rvfw_requantize64_vx(acc, p->output_multiplier, p->output_shift,
                                                      INT16_MIN - p->output_offset, INT16_MAX - p->output_offset, vl);
            __riscv_vse16_v_i16m2(out + j,
                                  __riscv_vncvt_x_x_w_i16m2(
                                      __riscv_vncvt_x_x_w_i32m4(__riscv_vadd_vx_i64m8(v, p->output_offset, vl), vl), vl),
                                  vl);
            j += (int32_t)vl;
        }
}

RVFW_KERNEL void rvfw_batch_matmul_s16_rvv(const rvfw_batch_matmul_params *p, const int16_t *a, const int16_t *b,
                                           int16_t *output)
{
#define MATRIX16(am, bm, out) product16(p, am, bm, out)
    RVFW_BATCH_MATRICES(p, a, b, output, MATRIX16);
}
