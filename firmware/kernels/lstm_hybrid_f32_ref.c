/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, hybrid (float32 activations, int8 weights: the converter's
 * dynamic-range option), as LiteRT's LstmStepHybrid computes it (rvfw_lstm_litert.h): each step
 * quantises its input row and the hidden state to int8 (asymmetric or symmetric as the model says,
 * rvfw_hybrid.h), skips a side whose vector is all zeros, and adds dot x (weight scale x row scale)
 * to the bias; the cell is LiteRT's float one. Weights [4][units][depth]; scales the eight weight
 * scales (the input side's four gates, then the recurrent side's); row_sums their rows' sums. */
#include "rvfw_lstm_litert.h"

RVFW_KERNEL void rvfw_lstm_hybrid_f32_ref(const rvfw_lstm_hybrid_params *p, const float *input,
                                          const int8_t *input_weights, const int8_t *recurrent_weights,
                                          const float *scales, const int32_t *row_sums, const float *bias,
                                          float *hidden, float *cell, float *output, float *scratch)
{
    rvfw_litert_hybrid_run(p, input, input_weights, recurrent_weights, scales, row_sums, bias, hidden, cell, output,
                           scratch, rvfw_litert_hybrid_side);
}
