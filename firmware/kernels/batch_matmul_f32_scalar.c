/* SPDX-License-Identifier: Apache-2.0 */
/* BATCH_MATMUL, float32, fast scalar: four output columns at a time share each left-hand value,
 * the strides in registers and walked by pointer steps; every column still sums its products one
 * by one in depth order from 0.0f, so each output rounds exactly as the reference's. */
#include "rvfw_batch_matmul.h"

static void product(const rvfw_batch_matmul_params *p, const float *am, const float *bm, float *out)
{
    const int32_t rows = p->rows, depth = p->depth, cols = p->cols;
    const ptrdiff_t ars = p->a_row_stride, ads = p->a_depth_stride, bds = p->b_depth_stride, bcs = p->b_col_stride;
    for (int32_t i = 0; i < rows; ++i) {
        const float *row = am + i * ars;
        int32_t j = 0;
        for (; j + 4 <= cols; j += 4) {
            const float *w = bm + j * bcs, *x = row;
            float acc0 = 0.0f, acc1 = 0.0f, acc2 = 0.0f, acc3 = 0.0f;
            for (int32_t k = 0; k < depth; ++k, x += ads, w += bds) {
                const float v = *x;
                acc0 += v * w[0];
                acc1 += v * w[bcs];
                acc2 += v * w[2 * bcs];
                acc3 += v * w[3 * bcs];
            }
            out[0] = acc0;
            out[1] = acc1;
            out[2] = acc2;
            out[3] = acc3;
            out += 4;
        }
        for (; j < cols; ++j) {
            const float *w = bm + j * bcs, *x = row;
            float acc = 0.0f;
            for (int32_t k = 0; k < depth; ++k, x += ads, w += bds)
                acc += *x * *w;
            *out++ = acc;
        }
    }
}

RVFW_KERNEL void rvfw_batch_matmul_f32_scalar(const rvfw_batch_matmul_params *p, const float *a, const float *b, float *output)
{
#define MATRIX(am, bm, out) product(p, am, bm, out)
    RVFW_BATCH_MATRICES(p, a, b, output, MATRIX);
}
