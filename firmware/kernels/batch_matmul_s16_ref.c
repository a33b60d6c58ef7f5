/* SPDX-License-Identifier: Apache-2.0 */
/* BATCH_MATMUL, int16 (16x8: zero points 0), reference: TFLite Micro's BatchMatMul<int16_t, int64_t>,
 * products summed in int64, requantised by the 64-bit MultiplyByQuantizedMultiplier (the multiplier
 * rounded to 16 bits), clamped to int16. Operands read through strides as the int8 kernel does. */
#include "rvfw_batch_matmul.h"
#include "rvfw_requant.h"

static void product16(const rvfw_batch_matmul_params *p, const int16_t *am, const int16_t *bm, int16_t *out)
{
    for (int32_t i = 0; i < p->rows; ++i)
        for (int32_t j = 0; j < p->cols; ++j) {
            int64_t acc = 0;
            for (int32_t k = 0; k < p->depth; ++k)
                acc += (int64_t)am[i * p->a_row_stride + k * p->a_depth_stride] *
                       bm[k * p->b_depth_stride + j * p->b_col_stride];
            const int32_t scaled = rvfw_requantize64(acc, p->output_multiplier, p->output_shift);
            *out++ = (int16_t)rvfw_clamp(scaled + p->output_offset, INT16_MIN, INT16_MAX);
        }
}

RVFW_KERNEL void rvfw_batch_matmul_s16_ref(const rvfw_batch_matmul_params *p, const int16_t *a, const int16_t *b,
                                           int16_t *output)
{
#define MATRIX16(am, bm, out) product16(p, am, bm, out)
    RVFW_BATCH_MATRICES(p, a, b, output, MATRIX16);
}
