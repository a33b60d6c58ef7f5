/* SPDX-License-Identifier: Apache-2.0 */
/* BATCH_MATMUL, int8, reference: for each of the (up to three) batch dimensions, a [rows x depth]
 * by [depth x cols] product with both zero points removed, requantised per tensor. Operands are
 * read through strides, so a transposed (adj) or broadcast operand needs no copy. */
#include "rvfw_batch_matmul.h"
#include "rvfw_requant.h"

static void product(const rvfw_batch_matmul_params *p, const int8_t *am, const int8_t *bm, int8_t *out)
{
    for (int32_t i = 0; i < p->rows; ++i)
        for (int32_t j = 0; j < p->cols; ++j) {
            int32_t acc = 0;
            for (int32_t k = 0; k < p->depth; ++k)
                acc += (am[i * p->a_row_stride + k * p->a_depth_stride] + p->a_offset) *
                       (bm[k * p->b_depth_stride + j * p->b_col_stride] + p->b_offset);
            *out++ = rvfw_requantize_s8(acc, p->output_multiplier, p->output_shift, p->output_offset, INT8_MIN,
                                        INT8_MAX);
        }
}

RVFW_KERNEL void rvfw_batch_matmul_s8_ref(const rvfw_batch_matmul_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define MATRIX(am, bm, out) product(p, am, bm, out)
    RVFW_BATCH_MATRICES(p, a, b, output, MATRIX);
}
