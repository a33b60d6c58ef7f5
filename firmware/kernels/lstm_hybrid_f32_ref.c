/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, hybrid (float32 activations, int8 weights: the converter's
 * dynamic-range option), as LiteRT's LstmStepHybrid computes it (rvfw_lstm_litert.h): each step
 * quantises its input row and the hidden state to int8 (asymmetric or symmetric as the model says,
 * rvfw_hybrid.h), skips a side whose vector is all zeros, and adds dot x (weight scale x row scale)
 * to the bias; the cell is LiteRT's float one. Weights [4][units][depth]; scales the eight weight
 * scales (the input side's four gates, then the recurrent side's); row_sums their rows' sums. */
#include "rvfw_lstm_litert.h"

static void quantize(int asymmetric, const float *v, int32_t n, int8_t *q, float *scale, int32_t *zero_point)
{
    *zero_point = 0;
    if (asymmetric)
        rvfw_hybrid_quantize_asymmetric(v, n, q, scale, zero_point);
    else
        rvfw_hybrid_quantize_symmetric(v, n, q, scale);
}

static void step(const rvfw_lstm_hybrid_params *p, int32_t b, const float *x, const int8_t *input_weights,
                 const int8_t *recurrent_weights, const float *scales, const int32_t *row_sums, const float *bias,
                 float *h, float *c, float *out, float *scratch)
{
    const int32_t units = p->units, depth = p->input_size;
    int8_t *qx = (int8_t *)(scratch + 4 * units), *qh = qx + depth;
    const int x_zero = rvfw_litert_all_zero(x, depth), h_zero = rvfw_litert_all_zero(h, units);
    float x_scale = 1.0f, h_scale = 1.0f;
    int32_t x_point = 0, h_point = 0;
    if (!x_zero)
        quantize(p->asymmetric, x, depth, qx, &x_scale, &x_point);
    if (!h_zero)
        quantize(p->asymmetric, h, units, qh, &h_scale, &h_point);
    for (int g = 0; g < 4; ++g) {
        float *gate = scratch + g * units;
        for (int32_t u = 0; u < units; ++u)
            gate[u] = bias[g * units + u];
        if (!x_zero)
            rvfw_litert_hybrid_side(input_weights + g * units * depth, units, depth, qx, x_point,
                                    row_sums + g * units, scales[g] * x_scale, gate);
        if (!h_zero)
            rvfw_litert_hybrid_side(recurrent_weights + g * units * units, units, units, qh, h_point,
                                    row_sums + (4 + g) * units, scales[4 + g] * h_scale, gate);
        rvfw_litert_activate(gate, units, g == 2, (RVFW_LITERT_SCRATCH_SLOT(g) * p->batches + b) * units);
    }
    rvfw_litert_cell(p->cell_clip, units, scratch, scratch + units, scratch + 2 * units, scratch + 3 * units, h, c,
                     out);
}

RVFW_KERNEL void rvfw_lstm_hybrid_f32_ref(const rvfw_lstm_hybrid_params *p, const float *input,
                                          const int8_t *input_weights, const int8_t *recurrent_weights,
                                          const float *scales, const int32_t *row_sums, const float *bias,
                                          float *hidden, float *cell, float *output, float *scratch)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t t = 0; t < p->time_steps; ++t)
            step(p, b, input + (b * p->time_steps + t) * p->input_size, input_weights, recurrent_weights, scales,
                 row_sums, bias, hidden + b * p->units, cell + b * p->units,
                 output + (b * p->time_steps + t) * p->units, scratch);
}
