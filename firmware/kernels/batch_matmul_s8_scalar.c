/* SPDX-License-Identifier: Apache-2.0 */
/* BATCH_MATMUL, int8, fast scalar: four output columns at a time share each left-hand value (one
 * load and offset per four products), the strides held in registers and walked by pointer steps,
 * whatever the operands' layout (adj_x, adj_y); the leftover columns one at a time. The same sums
 * as the reference (integer, any order), requantised the same way. */
#include "rvfw_batch_matmul.h"
#include "rvfw_requant.h"

static void product(const rvfw_batch_matmul_params *p, const int8_t *am, const int8_t *bm, int8_t *out)
{
    const int32_t rows = p->rows, depth = p->depth, cols = p->cols, a_off = p->a_offset, b_off = p->b_offset;
    const ptrdiff_t ars = p->a_row_stride, ads = p->a_depth_stride, bds = p->b_depth_stride, bcs = p->b_col_stride;
    const int32_t multiplier = p->output_multiplier, shift = p->output_shift, out_off = p->output_offset;
    for (int32_t i = 0; i < rows; ++i) {
        const int8_t *row = am + i * ars;
        int32_t j = 0;
        for (; j + 4 <= cols; j += 4) {
            const int8_t *w = bm + j * bcs, *x = row;
            int32_t acc0 = 0, acc1 = 0, acc2 = 0, acc3 = 0;
            for (int32_t k = 0; k < depth; ++k, x += ads, w += bds) {
                const int32_t v = *x + a_off;
                acc0 += v * (w[0] + b_off);
                acc1 += v * (w[bcs] + b_off);
                acc2 += v * (w[2 * bcs] + b_off);
                acc3 += v * (w[3 * bcs] + b_off);
            }
            *out++ = rvfw_requantize_s8(acc0, multiplier, shift, out_off, INT8_MIN, INT8_MAX);
            *out++ = rvfw_requantize_s8(acc1, multiplier, shift, out_off, INT8_MIN, INT8_MAX);
            *out++ = rvfw_requantize_s8(acc2, multiplier, shift, out_off, INT8_MIN, INT8_MAX);
            *out++ = rvfw_requantize_s8(acc3, multiplier, shift, out_off, INT8_MIN, INT8_MAX);
        }
        for (; j < cols; ++j) {
            const int8_t *w = bm + j * bcs, *x = row;
            int32_t acc = 0;
            for (int32_t k = 0; k < depth; ++k, x += ads, w += bds)
                acc += (*x + a_off) * (*w + b_off);
            *out++ = rvfw_requantize_s8(acc, multiplier, shift, out_off, INT8_MIN, INT8_MAX);
        }
    }
}

RVFW_KERNEL void rvfw_batch_matmul_s8_scalar(const rvfw_batch_matmul_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define MATRIX(am, bm, out) product(p, am, bm, out)
    RVFW_BATCH_MATRICES(p, a, b, output, MATRIX);
}
