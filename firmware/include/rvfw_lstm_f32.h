/* SPDX-License-Identifier: Apache-2.0 */
/* The float32 LSTM's step, as TFLite Micro computes it, for every kernel set: each gate side a
 * float fully connected layer (GATE_FC: the set's own, summed in input order, the bias added
 * after; the recurrent side adds a zero bias), TFLite's logistic and the host's tanhf, compiled
 * without contraction. Gate order input, forget, cell, output, as the packed weights. */
#ifndef RVFW_LSTM_F32_H
#define RVFW_LSTM_F32_H

#include "rvfw_expf.h"
#include "rvfw_kernels.h"
#include "rvfw_tanhf.h"

/* The gates' logistic: TFLite's (rvfw_logisticf); a kernel may define another that computes the same
 * bits (the fast scalar one, on cores without a double-precision FPU, its integer exp). */
#ifndef RVFW_LSTM_F32_LOGISTIC
#define RVFW_LSTM_F32_LOGISTIC rvfw_logisticf
#endif
/* ... and the tanhf of the cell gate and of the cell state (the fast scalar one, on cores without
 * an FPU, on integer float operations: rvfw_tanhf_soft.h). */
#ifndef RVFW_LSTM_F32_TANH
#define RVFW_LSTM_F32_TANH rvfw_tanhf
#endif

/* out[r][u] = sum_k x[r][k] * w(u, k) + bias[u] (0 when bias is null) for `rows` rows; `w` is
 * the gate's weights in the set's own layout. */
typedef void (*rvfw_lstm_f32_fc)(const float *x, int32_t rows, int32_t depth, int32_t units, const float *w,
                                 const float *bias, float *out);

static inline void rvfw_lstm_f32_gate(const rvfw_lstm_f32_params *p, rvfw_lstm_f32_fc fc, int g, const float *x,
                                      const float *h, int32_t rows, const float *input_weights,
                                      const float *recurrent_weights, const float *bias, float *out, float *tmp)
{
    const int32_t n = rows * p->units;
    fc(x, rows, p->input_size, p->units, input_weights + g * p->units * p->input_size, bias + g * p->units, out);
    fc(h, rows, p->units, p->units, recurrent_weights + g * p->units * p->units, 0, tmp);
    for (int32_t j = 0; j < n; ++j) {
        const float sum = out[j] + tmp[j];
        out[j] = g == 2 ? RVFW_LSTM_F32_TANH(sum) : RVFW_LSTM_F32_LOGISTIC(sum);
    }
}

static inline void rvfw_lstm_f32_step(const rvfw_lstm_f32_params *p, rvfw_lstm_f32_fc fc, const float *x,
                                      int32_t rows, const float *input_weights, const float *recurrent_weights,
                                      const float *bias, float *h, float *c, float *out, float *scratch)
{
    const int32_t n = rows * p->units;
    float *forget = scratch, *in = scratch + n, *g = scratch + 2 * n, *tmp = scratch + 3 * n;
    rvfw_lstm_f32_gate(p, fc, 1, x, h, rows, input_weights, recurrent_weights, bias, forget, tmp);
    rvfw_lstm_f32_gate(p, fc, 0, x, h, rows, input_weights, recurrent_weights, bias, in, tmp);
    rvfw_lstm_f32_gate(p, fc, 2, x, h, rows, input_weights, recurrent_weights, bias, g, tmp);
    for (int32_t j = 0; j < n; ++j) {
        float cell = forget[j] * c[j];
        const float added = in[j] * g[j];
        cell = cell + added;
        if (p->cell_clip > 0.0f)
            cell = cell > p->cell_clip ? p->cell_clip : (cell < -p->cell_clip ? -p->cell_clip : cell);
        c[j] = cell;
    }
    rvfw_lstm_f32_gate(p, fc, 3, x, h, rows, input_weights, recurrent_weights, bias, in, tmp);
    for (int32_t j = 0; j < n; ++j) {
        h[j] = RVFW_LSTM_F32_TANH(c[j]) * in[j];
        out[j] = h[j];
    }
}

/* Every step of the sequence: time-major runs all batches a step at a time, else each batch's steps. */
static inline void rvfw_lstm_f32_run(const rvfw_lstm_f32_params *p, rvfw_lstm_f32_fc fc, const float *input,
                                     const float *input_weights, const float *recurrent_weights, const float *bias,
                                     float *hidden, float *cell, float *output, float *scratch)
{
    if (p->time_major) {
        for (int32_t t = 0; t < p->time_steps; ++t)
            rvfw_lstm_f32_step(p, fc, input + t * p->batches * p->input_size, p->batches, input_weights,
                               recurrent_weights, bias, hidden, cell, output + t * p->batches * p->units, scratch);
        return;
    }
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t t = 0; t < p->time_steps; ++t)
            rvfw_lstm_f32_step(p, fc, input + (b * p->time_steps + t) * p->input_size, 1, input_weights,
                               recurrent_weights, bias, hidden + b * p->units, cell + b * p->units,
                               output + (b * p->time_steps + t) * p->units, scratch);
}

#endif
