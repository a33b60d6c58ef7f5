/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, float32: TFLite Micro's float LSTM step operation for operation
 * (each gate side a float fully connected layer summed in input order, the bias added after,
 * the recurrent side adding a zero bias; TFLite's logistic and the host's tanhf), compiled
 * without contraction. Gate order input, forget, cell, output, as the packed weights. */
#include "rvfw_expf.h"
#include "rvfw_kernels.h"
#include "rvfw_tanhf.h"

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

static void gate(const rvfw_lstm_f32_params *p, int g, const float *x, const float *h, int32_t rows,
                 const float *input_weights, const float *recurrent_weights, const float *bias, float *out, float *tmp)
{
    const int32_t n = rows * p->units;
    gate_fc(x, rows, p->input_size, p->units, input_weights + g * p->units * p->input_size, bias + g * p->units, out);
    gate_fc(h, rows, p->units, p->units, recurrent_weights + g * p->units * p->units, 0, tmp);
    for (int32_t j = 0; j < n; ++j) {
        const float sum = out[j] + tmp[j];
        out[j] = g == 2 ? rvfw_tanhf(sum) : rvfw_logisticf(sum);
    }
}

static void step(const rvfw_lstm_f32_params *p, const float *x, int32_t rows, const float *input_weights,
                 const float *recurrent_weights, const float *bias, float *h, float *c, float *out, float *scratch)
{
    const int32_t n = rows * p->units;
    float *forget = scratch, *in = scratch + n, *g = scratch + 2 * n, *tmp = scratch + 3 * n;
    gate(p, 1, x, h, rows, input_weights, recurrent_weights, bias, forget, tmp);
    gate(p, 0, x, h, rows, input_weights, recurrent_weights, bias, in, tmp);
    gate(p, 2, x, h, rows, input_weights, recurrent_weights, bias, g, tmp);
    for (int32_t j = 0; j < n; ++j) {
        float cell = forget[j] * c[j];
        const float added = in[j] * g[j];
        cell = cell + added;
        if (p->cell_clip > 0.0f)
            cell = cell > p->cell_clip ? p->cell_clip : (cell < -p->cell_clip ? -p->cell_clip : cell);
        c[j] = cell;
    }
    gate(p, 3, x, h, rows, input_weights, recurrent_weights, bias, in, tmp);
    for (int32_t j = 0; j < n; ++j) {
        h[j] = rvfw_tanhf(c[j]) * in[j];
        out[j] = h[j];
    }
}

void rvfw_lstm_f32_ref(const rvfw_lstm_f32_params *p, const float *input, const float *input_weights,
                       const float *recurrent_weights, const float *bias, float *hidden, float *cell, float *output,
                       float *scratch)
{
    if (p->time_major) {
        for (int32_t t = 0; t < p->time_steps; ++t)
            step(p, input + t * p->batches * p->input_size, p->batches, input_weights, recurrent_weights, bias,
                 hidden, cell, output + t * p->batches * p->units, scratch);
        return;
    }
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t t = 0; t < p->time_steps; ++t)
            step(p, input + (b * p->time_steps + t) * p->input_size, 1, input_weights, recurrent_weights, bias,
                 hidden + b * p->units, cell + b * p->units, output + (b * p->time_steps + t) * p->units, scratch);
}
