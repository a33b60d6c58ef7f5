/* SPDX-License-Identifier: Apache-2.0 */
/* The integer LSTM step of TFLite Micro (int8 or int16 activations, int8 weights, int16 cell state),
 * shared by the LSTM kernels: they differ only in the gate matrix-vector product they pass in.
 *
 * Per time step, for `rows` batch rows at once (all of them when time-major, one otherwise):
 * each gate is FC(input) + FC(hidden) in Q3.12, saturated to int16, then the int16 sigmoid (or
 * tanh for the cell gate) of TFLite's table kernels; the cell becomes forget x cell + input x
 * cell gate (saturating, clipped when asked); the hidden state tanh(cell) x output gate, which is
 * also the step's output. */
#ifndef RVFW_LSTM_H
#define RVFW_LSTM_H

#include <stdint.h>

#include "rvfw_kernels.h"
#include "rvfw_requant.h"
#include "rvfw_sigmoid16.h"

/* out[r][u] = int16(requantise(bias[u] + sum_k w . x[r][k])) for r < rows: one gate side. x holds
 * int8 or int16 activations and bias int32 or int64 values, as the kernel passing fc knows. */
typedef void (*rvfw_lstm_gate_fn)(const void *x, int32_t rows, int32_t depth, int32_t units, const int8_t *w,
                                  const void *bias, int32_t multiplier, int32_t shift, int16_t *out);

static inline int16_t rvfw_sat16(int32_t x)
{
    return (int16_t)rvfw_clamp(x, INT16_MIN, INT16_MAX);
}

/* Element k of an activation array of activation_bytes (1: int8, 2: int16). */
static inline const void *rvfw_lstm_at(const rvfw_lstm_params *p, const void *base, int32_t k)
{
    return (const char *)base + k * p->activation_bytes;
}

/* One gate for `rows` rows into out: both sides, their saturating sum, the activation. */
static inline void rvfw_lstm_gate(const rvfw_lstm_params *p, int gate, rvfw_lstm_gate_fn fc, const void *x,
                                  const void *h, int32_t rows, const int8_t *input_weights,
                                  const int8_t *recurrent_weights, const void *bias, const uint16_t *table,
                                  int16_t *out, int16_t *tmp)
{
    const int32_t n = rows * p->units;
    const char *b = (const char *)bias;
    fc(x, rows, p->input_size, p->units, input_weights + gate * p->units * p->input_size,
       b + gate * p->units * p->bias_bytes, p->multiplier[gate], p->shift[gate], out);
    fc(h, rows, p->units, p->units, recurrent_weights + gate * p->units * p->units,
       b + (4 + gate) * p->units * p->bias_bytes, p->multiplier[4 + gate], p->shift[4 + gate], tmp);
    for (int32_t j = 0; j < n; ++j) {
        const int32_t sum = rvfw_sat16(out[j] + tmp[j]);
        /* The cell gate's tanh takes Q3.12 (scale power -12: multiplier 3, no shift). */
        out[j] = gate == 2 ? rvfw_tanh_s16(sum, table, 3, 0) : rvfw_sigmoid_s16(sum, table, 3, 0);
    }
}

static inline void rvfw_lstm_step(const rvfw_lstm_params *p, rvfw_lstm_gate_fn fc, const void *x, int32_t rows,
                                  const int8_t *input_weights, const int8_t *recurrent_weights, const void *bias,
                                  const uint16_t *table, void *h, int16_t *c, void *out, int16_t *scratch)
{
    const int32_t n = rows * p->units;
    int16_t *forget = scratch, *in = scratch + n, *g = scratch + 2 * n, *tmp = scratch + 3 * n;
    rvfw_lstm_gate(p, 1, fc, x, h, rows, input_weights, recurrent_weights, bias, table, forget, tmp);
    rvfw_lstm_gate(p, 0, fc, x, h, rows, input_weights, recurrent_weights, bias, table, in, tmp);
    rvfw_lstm_gate(p, 2, fc, x, h, rows, input_weights, recurrent_weights, bias, table, g, tmp);
    for (int32_t j = 0; j < n; ++j) {
        const int32_t kept = rvfw_sat16(rvfw_requantize(forget[j] * c[j], p->forget_cell_multiplier,
                                                        p->forget_cell_shift));
        const int32_t added = rvfw_sat16(rvfw_requantize(in[j] * g[j], p->input_cell_multiplier,
                                                         p->input_cell_shift));
        int32_t cell = rvfw_sat16(kept + added);
        if (p->cell_clip > 0)
            cell = rvfw_clamp(cell, -p->cell_clip, p->cell_clip);
        c[j] = (int16_t)cell;
    }
    /* The output gate reads the previous hidden state: computed before h changes. */
    rvfw_lstm_gate(p, 3, fc, x, h, rows, input_weights, recurrent_weights, bias, table, in, tmp);
    const int wide = p->activation_bytes == 2;
    for (int32_t j = 0; j < n; ++j) {
        const int32_t t = rvfw_tanh_s16(c[j], table, p->cell_tanh_multiplier, p->cell_tanh_shift);
        const int32_t v = p->hidden_zero_point + rvfw_requantize(t * in[j], p->hidden_multiplier, p->hidden_shift);
        if (wide) {
            ((int16_t *)h)[j] = ((int16_t *)out)[j] = (int16_t)rvfw_clamp(v, INT16_MIN, INT16_MAX);
        } else {
            ((int8_t *)h)[j] = ((int8_t *)out)[j] = (int8_t)rvfw_clamp(v, INT8_MIN, INT8_MAX);
        }
    }
}

/* All time steps: time-major input [T][B][I] runs the batch together, batch-major [B][T][I] one
 * sequence after the other, each with its own rows of the state. */
static inline void rvfw_lstm_run(const rvfw_lstm_params *p, rvfw_lstm_gate_fn fc, const void *input,
                                 const int8_t *input_weights, const int8_t *recurrent_weights, const void *bias,
                                 const uint16_t *table, void *hidden, int16_t *cell, void *output, int16_t *scratch)
{
    if (p->time_major) {
        for (int32_t t = 0; t < p->time_steps; ++t)
            rvfw_lstm_step(p, fc, rvfw_lstm_at(p, input, t * p->batches * p->input_size), p->batches,
                           input_weights, recurrent_weights, bias, table, hidden, cell,
                           (void *)rvfw_lstm_at(p, output, t * p->batches * p->units), scratch);
        return;
    }
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t t = 0; t < p->time_steps; ++t)
            rvfw_lstm_step(p, fc, rvfw_lstm_at(p, input, (b * p->time_steps + t) * p->input_size), 1,
                           input_weights, recurrent_weights, bias, table,
                           (void *)rvfw_lstm_at(p, hidden, b * p->units), cell + b * p->units,
                           (void *)rvfw_lstm_at(p, output, (b * p->time_steps + t) * p->units), scratch);
}

#endif
