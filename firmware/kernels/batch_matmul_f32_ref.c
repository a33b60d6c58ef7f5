/* SPDX-License-Identifier: Apache-2.0 */
/* BATCH_MATMUL, float32, reference: each output the products summed in depth order (TFLite
 * Micro's float loop), operands read through the same strides as the int8 kernel. */
#include "rvfw_kernels.h"

void rvfw_batch_matmul_f32_ref(const rvfw_batch_matmul_params *p, const float *a, const float *b, float *output)
{
    float *out = output;
    for (int32_t b0 = 0; b0 < p->batch[0]; ++b0)
        for (int32_t b1 = 0; b1 < p->batch[1]; ++b1)
            for (int32_t b2 = 0; b2 < p->batch[2]; ++b2) {
                const float *am = a + b0 * p->a_batch_strides[0] + b1 * p->a_batch_strides[1] +
                                  b2 * p->a_batch_strides[2];
                const float *bm = b + b0 * p->b_batch_strides[0] + b1 * p->b_batch_strides[1] +
                                  b2 * p->b_batch_strides[2];
                for (int32_t i = 0; i < p->rows; ++i)
                    for (int32_t j = 0; j < p->cols; ++j) {
                        float total = 0.0f;
                        for (int32_t k = 0; k < p->depth; ++k)
                            total += am[i * p->a_row_stride + k * p->a_depth_stride] *
                                     bm[k * p->b_depth_stride + j * p->b_col_stride];
                        *out++ = total;
                    }
            }
}
