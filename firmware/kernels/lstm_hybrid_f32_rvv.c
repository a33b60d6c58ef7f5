/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, hybrid, RVV (V or Zve32x): lstm_hybrid_f32_ref with each gate row's
 * int8 dot product in vector lanes (int16 products, summed into int32: exact, so any order gives
 * LiteRT's sums); the quantisers, the gate's float arithmetic and the cell are the reference's. */
#include <riscv_vector.h>

#include "rvfw_lstm_litert.h"

static void side(const int8_t *w, int32_t units, int32_t depth, const int8_t *q, int32_t zero_point,
                 const int32_t *row_sums, float scale, float *gate)
{
    for (int32_t r = 0; r < units; ++r, w += depth) {
        vint32m1_t acc = __riscv_vmv_s_x_i32m1(0, 1);
        for (int32_t j = 0; j < depth;) {
            const size_t vl = __riscv_vsetvl_e8m2((size_t)(depth - j));
            const vint16m4_t products =
                __riscv_vwmul_vv_i16m4(__riscv_vle8_v_i8m2(w + j, vl), __riscv_vle8_v_i8m2(q + j, vl), vl);
            acc = __riscv_vwredsum_vs_i16m4_i32m1(products, acc, vl);
            j += (int32_t)vl;
        }
        const int32_t dot = __riscv_vmv_x_s_i32m1_i32(acc) - row_sums[r] * zero_point;
        gate[r] = gate[r] + (float)dot * scale;
    }
}

RVFW_KERNEL void rvfw_lstm_hybrid_f32_rvv(const rvfw_lstm_hybrid_params *p, const float *input,
                                          const int8_t *input_weights, const int8_t *recurrent_weights,
                                          const float *scales, const int32_t *row_sums, const float *bias,
                                          float *hidden, float *cell, float *output, float *scratch)
{
    rvfw_litert_hybrid_run(p, input, input_weights, recurrent_weights, scales, row_sums, bias, hidden, cell, output,
                           scratch, side);
}
