/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, float32, as LiteRT computes it (rvfw_lstm_litert.h), for a model
 * only LiteRT runs: TFLite Micro's float LSTM (lstm_f32_*) rounds differently. Weights
 * [4][units][depth], gates in the order input, forget, cell, output. One step runs one batch row
 * (batch-major), as LiteRT's does, where its FullyConnected is a matrix-vector product. */
#include "rvfw_lstm_litert.h"

RVFW_KERNEL void rvfw_lstm_litert_f32_ref(const rvfw_lstm_f32_params *p, const float *input,
                                          const float *input_weights, const float *recurrent_weights,
                                          const float *bias, float *hidden, float *cell, float *output,
                                          float *scratch)
{
    rvfw_litert_f32_run(p, input, input_weights, recurrent_weights, bias, hidden, cell, output, scratch,
                        rvfw_litert_float_side);
}
