/* SPDX-License-Identifier: Apache-2.0 */
/* BATCH_MATMUL, int8, reference: for each of the (up to three) batch dimensions, a [rows x depth]
 * by [depth x cols] product with both zero points removed, requantised per tensor. Operands are
 * read through strides, so a transposed (adj) or broadcast operand needs no copy. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

void rvfw_batch_matmul_s8_ref(const rvfw_batch_matmul_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
    int8_t *out = output;
    for (int32_t b0 = 0; b0 < p->batch[0]; ++b0)
        for (int32_t b1 = 0; b1 < p->batch[1]; ++b1)
            for (int32_t b2 = 0; b2 < p->batch[2]; ++b2) {
                const int8_t *am = a + b0 * p->a_batch_strides[0] + b1 * p->a_batch_strides[1] +
                                   b2 * p->a_batch_strides[2];
                const int8_t *bm = b + b0 * p->b_batch_strides[0] + b1 * p->b_batch_strides[1] +
                                   b2 * p->b_batch_strides[2];
                for (int32_t i = 0; i < p->rows; ++i)
                    for (int32_t j = 0; j < p->cols; ++j) {
                        int32_t acc = 0;
                        for (int32_t k = 0; k < p->depth; ++k)
                            acc += (am[i * p->a_row_stride + k * p->a_depth_stride] + p->a_offset) *
                                   (bm[k * p->b_depth_stride + j * p->b_col_stride] + p->b_offset);
                        *out++ = rvfw_requantize_s8(acc, p->output_multiplier, p->output_shift, p->output_offset,
                                                    INT8_MIN, INT8_MAX);
                    }
            }
}
