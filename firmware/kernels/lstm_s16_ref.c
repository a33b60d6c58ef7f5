/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM 16x8 (int16 activations, int8 weights, int64 biases, int16 cell):
 * TFLite Micro's LstmStep<int16_t, int8_t, int16_t, int64_t>, the gate products accumulated in 64
 * bits and requantised as its 16x8 fully connected layer does (rvfw_requantize64); the step is
 * rvfw_lstm.h's. */
#include "rvfw_lstm.h"

static void gate_fc(const void *xv, int32_t rows, int32_t depth, int32_t units, const int8_t *w, const void *bv,
                    int32_t multiplier, int32_t shift, int16_t *out)
{
    const int16_t *x = xv;
    const int64_t *bias = bv;
    for (int32_t r = 0; r < rows; ++r, x += depth)
        for (int32_t u = 0; u < units; ++u) {
            const int8_t *row = w + u * depth;
            int64_t acc = bias[u];
            for (int32_t k = 0; k < depth; ++k)
                acc += (int32_t)row[k] * x[k];
            *out++ = rvfw_sat16(rvfw_requantize64(acc, multiplier, shift));
        }
}

RVFW_KERNEL void rvfw_lstm_s16_ref(const rvfw_lstm_params *p, const int16_t *input, const int8_t *input_weights,
                       const int8_t *recurrent_weights, const int64_t *bias, const uint16_t *sigmoid_table,
                       int16_t *hidden, int16_t *cell, int16_t *output, int16_t *scratch)
{
    rvfw_lstm_run(p, gate_fc, input, input_weights, recurrent_weights, bias, sigmoid_table, hidden, cell, output,
                  scratch);
}
