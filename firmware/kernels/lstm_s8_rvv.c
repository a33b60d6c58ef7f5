/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, int8 with an int16 cell, RVV 1.0: the gates' matrix-vector
 * products run units across lanes on the fully connected layer's GEMV core (rvfw_dot_s8, weights
 * [depth][units]); the elementwise gate arithmetic is rvfw_lstm.h's. */
#include "rvfw_lstm.h"
#include "rvfw_rvv.h"

static void gate_fc(const void *xv, int32_t rows, int32_t depth, int32_t units, const int8_t *w_t,
                    const void *bv, int32_t multiplier, int32_t shift, int16_t *out)
{
    const int8_t *x = xv;
    const int32_t *bias = bv;
    for (int32_t r = 0; r < rows; ++r, x += depth, out += units)
        for (int32_t u0 = 0; u0 < units;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(units - u0));
            vint32m8_t acc = __riscv_vle32_v_i32m8(bias + u0, vl);
            acc = rvfw_dot_s8(acc, x, w_t + u0, depth, units, vl);
            acc = rvfw_requantize_vx(acc, multiplier, shift, vl);
            acc = __riscv_vmin_vx_i32m8(__riscv_vmax_vx_i32m8(acc, INT16_MIN, vl), INT16_MAX, vl);
            __riscv_vse16_v_i16m4(out + u0, __riscv_vncvt_x_x_w_i16m4(acc, vl), vl);
            u0 += (int32_t)vl;
        }
}

RVFW_KERNEL void rvfw_lstm_s8_rvv(const rvfw_lstm_params *p, const int8_t *input, const int8_t *input_weights,
                      const int8_t *recurrent_weights, const int32_t *bias, const uint16_t *sigmoid_table,
                      int8_t *hidden, int16_t *cell, int8_t *output, int16_t *scratch)
{
    rvfw_lstm_run(p, gate_fc, input, input_weights, recurrent_weights, bias, sigmoid_table, hidden, cell, output,
                     scratch);
}
