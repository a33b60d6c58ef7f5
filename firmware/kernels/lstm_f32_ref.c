/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, float32, reference: TFLite Micro's float LSTM step operation for
 * operation (rvfw_lstm_f32.h), each gate's fully connected layer a row of weights per unit. */
#include "rvfw_lstm_f32.h"

static void gate_fc(const float *x, int32_t rows, int32_t depth, int32_t units, const float *w, const float *bias,
                    float *out)
{
    for (int32_t r = 0; r < rows; ++r, x += depth)
        for (int32_t u = 0; u < units; ++u) {
            const float *row = w + u * depth;
            float total = 0.0f;
            for (int32_t k = 0; k < depth; ++k)
                total += x[k] * row[k];
            *out++ = total + (bias ? bias[u] : 0.0f);
        }
}

RVFW_KERNEL void rvfw_lstm_f32_ref(const rvfw_lstm_f32_params *p, const float *input, const float *input_weights,
                       const float *recurrent_weights, const float *bias, float *hidden, float *cell, float *output,
                       float *scratch)
{
    rvfw_lstm_f32_run(p, gate_fc, input, input_weights, recurrent_weights, bias, hidden, cell, output, scratch);
}
