/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, int8 with an int16 cell: scalar reference (rvfw_lstm.h), gate
 * weights [units][depth]. */
#include "rvfw_lstm.h"

static void gate_fc(const void *xv, int32_t rows, int32_t depth, int32_t units, const int8_t *w, const void *bv,
                    int32_t multiplier, int32_t shift, int16_t *out)
{
    const int8_t *x = xv;
    const int32_t *bias = bv;
    for (int32_t r = 0; r < rows; ++r, x += depth)
        for (int32_t u = 0; u < units; ++u) {
            const int8_t *row = w + u * depth;
            int32_t acc = bias[u];
            for (int32_t k = 0; k < depth; ++k)
                acc += row[k] * x[k];
            *out++ = rvfw_sat16(rvfw_requantize(acc, multiplier, shift));
        }
}

RVFW_KERNEL void rvfw_lstm_s8_ref(const rvfw_lstm_params *p, const int8_t *input, const int8_t *input_weights,
                      const int8_t *recurrent_weights, const int32_t *bias, const uint16_t *sigmoid_table,
                      int8_t *hidden, int16_t *cell, int8_t *output, int16_t *scratch)
{
    rvfw_lstm_run(p, gate_fc, input, input_weights, recurrent_weights, bias, sigmoid_table, hidden, cell, output,
                     scratch);
}
