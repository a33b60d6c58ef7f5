/* SPDX-License-Identifier: Apache-2.0 */
/* BATCH_MATMUL, int8, RVV (Zve32x too): output columns across int32 lanes. Each step of the depth
 * loads one right-hand row of the strip (unit stride, or with the column stride when the operand
 * is transposed), widens it to int16 with its offset added, and multiplies it by the left-hand
 * value (offset added) as a 16-bit scalar into the int32 sums: exact, as the reference's. */
#include "rvfw_batch_matmul.h"
#include "rvfw_rvv.h"

static void product(const rvfw_batch_matmul_params *p, const int8_t *am, const int8_t *bm, int8_t *out)
{
    const int32_t rows = p->rows, depth = p->depth, cols = p->cols, a_off = p->a_offset;
    const int16_t b_off = (int16_t)p->b_offset;
    const ptrdiff_t ars = p->a_row_stride, ads = p->a_depth_stride, bds = p->b_depth_stride, bcs = p->b_col_stride;
    for (int32_t i = 0; i < rows; ++i, out += cols)
        for (int32_t j = 0; j < cols;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(cols - j));
            const int8_t *x = am + i * ars, *w = bm + j * bcs;
            vint32m8_t acc = __riscv_vmv_v_x_i32m8(0, vl);
            for (int32_t k = 0; k < depth; ++k, x += ads, w += bds) {
                const vint8m2_t raw = bcs == 1 ? __riscv_vle8_v_i8m2(w, vl) : __riscv_vlse8_v_i8m2(w, bcs, vl);
                const vint16m4_t y = __riscv_vadd_vx_i16m4(__riscv_vsext_vf2_i16m4(raw, vl), b_off, vl);
                acc = __riscv_vwmacc_vx_i32m8(acc, (int16_t)(*x + a_off), y, vl);
            }
            __riscv_vse8_v_i8m2(out + j,
                                rvfw_narrow_s8(rvfw_requantize_vx(acc, p->output_multiplier, p->output_shift, vl),
                                               p->output_offset, INT8_MIN, INT8_MAX, vl),
                                vl);
            j += (int32_t)vl;
        }
}

RVFW_KERNEL void rvfw_batch_matmul_s8_rvv(const rvfw_batch_matmul_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define MATRIX(am, bm, out) product(p, am, bm, out)
    RVFW_BATCH_MATRICES(p, a, b, output, MATRIX);
}
