/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, int8 with an int16 cell: fast portable C. The gate products are
 * the scalar fully connected layer's (folded biases, two units per pass sharing each input
 * load); the step is rvfw_lstm.h's. Gate weights [units][depth], as the reference reads them. */
#include "rvfw_dot_scalar.h"
#include "rvfw_lstm.h"

static void gate_fc(const void *xv, int32_t rows, int32_t depth, int32_t units, const int8_t *w, const void *bv,
                    int32_t multiplier, int32_t shift, int16_t *out)
{
    const int8_t *x = xv;
    const int32_t *bias = bv;
    for (int32_t r = 0; r < rows; ++r, x += depth, out += units)
        for (int32_t u = 0; u < units; u += 2) {
            const int32_t u1 = u + 1 < units ? u + 1 : u;
            const int8_t *wa = w + u * depth, *wb = w + u1 * depth;
            int32_t acc_a = bias[u], acc_b = bias[u1];
            rvfw_dot2_s8_scalar(x, wa, wb, depth, &acc_a, &acc_b);
            out[u] = rvfw_sat16(rvfw_requantize(acc_a, multiplier, shift));
            out[u1] = rvfw_sat16(rvfw_requantize(acc_b, multiplier, shift));
        }
}

RVFW_KERNEL void rvfw_lstm_s8_scalar(const rvfw_lstm_params *p, const int8_t *input, const int8_t *input_weights,
                         const int8_t *recurrent_weights, const int32_t *bias, const uint16_t *sigmoid_table,
                         int8_t *hidden, int16_t *cell, int8_t *output, int16_t *scratch)
{
    rvfw_lstm_run(p, gate_fc, input, input_weights, recurrent_weights, bias, sigmoid_table, hidden, cell, output,
                     scratch);
}
