/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, float32, as LiteRT computes it (rvfw_lstm_litert.h), for a model
 * only LiteRT runs: TFLite Micro's float LSTM (lstm_f32_*) rounds differently. Weights
 * [4][units][depth], gates in the order input, forget, cell, output. One step runs one batch row
 * (batch-major), as LiteRT's does, where its FullyConnected is a matrix-vector product. */
#include "rvfw_lstm_litert.h"

static void step(const rvfw_lstm_f32_params *p, int32_t b, const float *x, const float *input_weights,
                 const float *recurrent_weights, const float *bias, float *h, float *c, float *out, float *scratch)
{
    const int32_t units = p->units, depth = p->input_size;
    const int zero = rvfw_litert_all_zero(x, depth);
    for (int g = 0; g < 4; ++g) {
        float *gate = scratch + g * units;
        for (int32_t u = 0; u < units; ++u)
            gate[u] = bias[g * units + u];
        if (!zero)
            rvfw_litert_float_side(input_weights + g * units * depth, units, depth, x, gate);
        rvfw_litert_float_side(recurrent_weights + g * units * units, units, units, h, gate);
        rvfw_litert_activate(gate, units, g == 2, (RVFW_LITERT_SCRATCH_SLOT(g) * p->batches + b) * units);
    }
    rvfw_litert_cell(p->cell_clip, units, scratch, scratch + units, scratch + 2 * units, scratch + 3 * units, h, c,
                     out);
}

RVFW_KERNEL void rvfw_lstm_litert_f32_ref(const rvfw_lstm_f32_params *p, const float *input,
                                          const float *input_weights, const float *recurrent_weights,
                                          const float *bias, float *hidden, float *cell, float *output,
                                          float *scratch)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t t = 0; t < p->time_steps; ++t)
            step(p, b, input + (b * p->time_steps + t) * p->input_size, input_weights, recurrent_weights, bias,
                 hidden + b * p->units, cell + b * p->units, output + (b * p->time_steps + t) * p->units, scratch);
}
