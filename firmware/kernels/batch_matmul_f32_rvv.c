/* SPDX-License-Identifier: Apache-2.0 */
/* BATCH_MATMUL, float32, RVV (SEW 32, V or Zve32f): output columns across float lanes, each
 * depth step one right-hand row of the strip (unit stride, or the column stride of a transposed
 * operand) times the left-hand value. Every lane adds its products one by one in depth order from
 * 0.0f (vfmul then vfadd, never a fused vfmacc): the reference's roundings exactly. */
#include "rvfw_batch_matmul.h"
#include "rvfw_rvv_f32.h"

static void product(const rvfw_batch_matmul_params *p, const float *am, const float *bm, float *out)
{
    const int32_t rows = p->rows, depth = p->depth, cols = p->cols;
    const ptrdiff_t ars = p->a_row_stride, ads = p->a_depth_stride, bds = p->b_depth_stride, bcs = p->b_col_stride;
    for (int32_t i = 0; i < rows; ++i, out += cols)
        for (int32_t j = 0; j < cols;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(cols - j));
            const float *x = am + i * ars, *w = bm + j * bcs;
            vfloat32m8_t total = __riscv_vfmv_v_f_f32m8(0.0f, vl);
            for (int32_t k = 0; k < depth; ++k, x += ads, w += bds) {
                const vfloat32m8_t y =
                    bcs == 1 ? __riscv_vle32_v_f32m8(w, vl) : __riscv_vlse32_v_f32m8(w, 4 * bcs, vl);
                total = __riscv_vfadd_vv_f32m8(total, __riscv_vfmul_vf_f32m8(y, *x, vl), vl);
            }
            __riscv_vse32_v_f32m8(out + j, total, vl);
            j += (int32_t)vl;
        }
}

RVFW_KERNEL void rvfw_batch_matmul_f32_rvv(const rvfw_batch_matmul_params *p, const float *a, const float *b, float *output)
{
#define MATRIX(am, bm, out) product(p, am, bm, out)
    RVFW_BATCH_MATRICES(p, a, b, output, MATRIX);
}
