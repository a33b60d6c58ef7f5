/* SPDX-License-Identifier: Apache-2.0 */
/* BATCH_MATMUL, float32, reference: each output the products summed in depth order (TFLite
 * Micro's float loop), operands read through the same strides as the int8 kernel. */
#include "rvfw_batch_matmul.h"

static void product(const rvfw_batch_matmul_params *p, const float *am, const float *bm, float *out)
{
    for (int32_t i = 0; i < p->rows; ++i)
        for (int32_t j = 0; j < p->cols; ++j) {
            float total = 0.0f;
            for (int32_t k = 0; k < p->depth; ++k)
                total += am[i * p->a_row_stride + k * p->a_depth_stride] *
                         bm[k * p->b_depth_stride + j * p->b_col_stride];
            *out++ = total;
        }
}

RVFW_KERNEL void rvfw_batch_matmul_f32_ref(const rvfw_batch_matmul_params *p, const float *a, const float *b, float *output)
{
#define MATRIX(am, bm, out) product(p, am, bm, out)
    RVFW_BATCH_MATRICES(p, a, b, output, MATRIX);
}
