/* SPDX-License-Identifier: Apache-2.0 */
/* LiteRT's UNIDIRECTIONAL_SEQUENCE_LSTM step (its lstm_eval.cc), which TFLite Micro's differs from
 * (measured on keras_lstm_float: 55 of 60 outputs): for a model only LiteRT runs, float32 and
 * hybrid (int8 weights). Per gate: the bias, then each side's product added to it: a float side as
 * LiteRT's FullyConnected evaluates it (Eigen's row-major matrix-vector product: four lanes over the
 * columns in blocks of four, summed (l0 + l2) + (l1 + l3), the last columns added one by one, then
 * the running gate added), a hybrid side as its int8 MatrixBatchVectorMultiplyAccumulate (the row
 * quantised when the step runs, int8 dot products less the zero point's share, + dot x (weight
 * scale x row scale)); the side is skipped where its vector is all zeros (the input for a float
 * LSTM, both for a hybrid one). Then Eigen's logistic (its own exp on four-lane packets; the values
 * before the buffer's first 16-byte boundary and after the last whole packet, Eigen's scalar side,
 * e / (1 + e) with the C library's expf) or Eigen's tanh
 * (ptanh_float), c = f c + g i, the clip, h = o tanh(c). Compiled without contraction. */
#ifndef RVFW_LSTM_LITERT_H
#define RVFW_LSTM_LITERT_H

#include "rvfw_expf.h"
#include "rvfw_hybrid.h"
#include "rvfw_kernels.h"
#include "rvfw_softfloat.h"
#include "rvfw_tanh_eigen.h"

/* Eigen's packet logistic for float (scalar_logistic_op<float>::packetOp): exp(x / 2) from its own
 * reduction and degree-5 polynomial, 2^m by the exponent field, squared, then e / (1 + e). */
static inline float rvfw_eigen_logistic_packet(float x_in)
{
    float x = x_in < 16.6355324f ? x_in : 16.6355324f;
    x = x * 0.5f;
    const float m = __builtin_floorf(x * 1.44269504088896341f + 0.5f);
    float r = m * -0.693359375f + x;
    r = m * 2.12194440e-4f + r;
    const float r2 = r * r;
    const float even = r2 * 4.1898667812347412109375e-2f + 0.49999141693115234375f;
    const float odd = r2 * 8.33471305668354034423828125e-3f + 0.16666877269744873046875f;
    float p = r * odd + even;
    p = r2 * p + (r + 1.0f);
    float biased = m + 127.0f; /* pldexp_fast: the exponent field clamped to [0, 255] */
    biased = biased < 0.0f ? 0.0f : biased > 255.0f ? 255.0f : biased;
    float e = p * rvfw_f32_from_bits((uint32_t)(int32_t)biased << 23);
    e = e * e;
    return x_in < -104.0f ? 0.0f : e / (1.0f + e);
}

/* ... and its scalar side: the C library's expf of min(x, 16.6355324), e / (1 + e). */
static inline float rvfw_eigen_logistic_scalar(float x)
{
    const float e = rvfw_expf(x < 16.6355324f ? x : 16.6355324f);
    return e / (1.0f + e);
}

/* Where LiteRT's scratch buffer holds gate g (input, forget, cell, output): its gates in the order
 * input, cell, forget, output, each batches x units floats. */
#define RVFW_LITERT_SCRATCH_SLOT(g) ((g) == 1 ? 2 : (g) == 2 ? 1 : (g))

/* The activation over a gate's n values. Eigen runs scalar code up to the first 16-byte boundary of
 * the buffer, packets from there, scalar code for the rest; LiteRT's gate g of batch b starts
 * (slot batches + b) units floats into an aligned scratch buffer (`offset`), so which values take
 * the logistic's scalar side depends on it (measured: batch 1 of 10 units differs on units 0, 1, 8
 * and 9 otherwise; 6 units, on the forget gate's). tanh is the same function on both sides. */
static inline void rvfw_litert_activate(float *v, int32_t n, int tanh, int32_t offset)
{
    int32_t start = (4 - offset % 4) % 4;
    start = start < n ? start : n;
    const int32_t end = start + (n - start) / 4 * 4;
    for (int32_t i = 0; i < n; ++i)
        v[i] = tanh ? rvfw_eigen_tanhf(v[i])
                    : i >= start && i < end ? rvfw_eigen_logistic_packet(v[i]) : rvfw_eigen_logistic_scalar(v[i]);
}

/* gate[r] = (0 + the Eigen row-major product of W's row r and x) + gate[r], for `units` rows of
 * `depth` columns. */
static inline void rvfw_litert_float_side(const float *w, int32_t units, int32_t depth, const float *x, float *gate)
{
    const int32_t full = depth - depth % 4;
    for (int32_t r = 0; r < units; ++r, w += depth) {
        float lane[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int32_t j = 0; j < full; j += 4)
            for (int l = 0; l < 4; ++l)
                lane[l] = lane[l] + w[j + l] * x[j + l];
        float sum = (lane[0] + lane[2]) + (lane[1] + lane[3]);
        for (int32_t j = full; j < depth; ++j)
            sum = sum + w[j] * x[j];
        gate[r] = (0.0f + sum) + gate[r];
    }
}

/* gate[r] += (dot(W row r, q) - row_sums[r] zero_point) x scale, in single precision; the int8 sums
 * two rows at a time by the set's `dots` (rvfw_hybrid_dots.h). */
static inline __attribute__((always_inline)) void rvfw_litert_hybrid_side_by(const int8_t *w, int32_t units,
                                                                             int32_t depth, const int8_t *q,
                                                                             int32_t zero_point,
                                                                             const int32_t *row_sums, float scale,
                                                                             float *gate, rvfw_hybrid_dots_fn *dots)
{
    for (int32_t r = 0; r < units; r += 2) {
        const int32_t rows = units - r < 2 ? units - r : 2;
        int32_t acc[2];
        dots(q, w + r * depth, depth, rows, acc);
        for (int32_t j = 0; j < rows; ++j)
            gate[r + j] = gate[r + j] + (float)(acc[j] - row_sums[r + j] * zero_point) * scale;
    }
}

static inline void rvfw_litert_hybrid_side(const int8_t *w, int32_t units, int32_t depth, const int8_t *q,
                                           int32_t zero_point, const int32_t *row_sums, float scale, float *gate)
{
    rvfw_litert_hybrid_side_by(w, units, depth, q, zero_point, row_sums, scale, gate, rvfw_hybrid_dots_ref);
}

static inline int rvfw_litert_all_zero(const float *v, int32_t n)
{
    for (int32_t i = 0; i < n; ++i)
        if (v[i] != 0.0f)
            return 0;
    return 1;
}

/* c = f c + g i, clipped; h = o tanh(c), copied to the output. */
static inline void rvfw_litert_cell(float clip, int32_t n, const float *in, const float *forget, const float *g,
                                    const float *out_gate, float *h, float *c, float *out)
{
    for (int32_t j = 0; j < n; ++j) {
        float cell = forget[j] * c[j];
        cell = cell + g[j] * in[j];
        if (clip > 0.0f) { /* std::max(std::min(clip, c), -clip) */
            cell = cell < clip ? cell : clip;
            cell = cell < -clip ? -clip : cell;
        }
        c[j] = cell;
    }
    for (int32_t j = 0; j < n; ++j) {
        h[j] = out_gate[j] * rvfw_eigen_tanhf(c[j]);
        out[j] = h[j];
    }
}

/* gate[u] gets one side's products (rvfw_litert_float_side's contract; w in the kernel's layout). */
typedef void (*rvfw_litert_float_side_fn)(const float *w, int32_t units, int32_t depth, const float *x, float *gate);
/* ... and a hybrid side's (rvfw_litert_hybrid_side's contract). */
typedef void (*rvfw_litert_hybrid_side_fn)(const int8_t *w, int32_t units, int32_t depth, const int8_t *q,
                                           int32_t zero_point, const int32_t *row_sums, float scale, float *gate);

/* One step of LiteRT's float LSTM for batch row b: each gate its bias, the input side (unless the
 * input is all zeros), the recurrent side, the activation; then the cell. scratch: 4 x units. */
static inline void rvfw_litert_f32_step(const rvfw_lstm_f32_params *p, int32_t b, const float *x,
                                        const float *input_weights, const float *recurrent_weights,
                                        const float *bias, float *h, float *c, float *out, float *scratch,
                                        rvfw_litert_float_side_fn side)
{
    const int32_t units = p->units, depth = p->input_size;
    const int zero = rvfw_litert_all_zero(x, depth);
    for (int g = 0; g < 4; ++g) {
        float *gate = scratch + g * units;
        for (int32_t u = 0; u < units; ++u)
            gate[u] = bias[g * units + u];
        if (!zero)
            side(input_weights + g * units * depth, units, depth, x, gate);
        side(recurrent_weights + g * units * units, units, units, h, gate);
        rvfw_litert_activate(gate, units, g == 2, (RVFW_LITERT_SCRATCH_SLOT(g) * p->batches + b) * units);
    }
    rvfw_litert_cell(p->cell_clip, units, scratch, scratch + units, scratch + 2 * units, scratch + 3 * units, h, c,
                     out);
}

/* Every step: each batch row's steps in turn (batch-major; time-major has one batch here). */
static inline void rvfw_litert_f32_run(const rvfw_lstm_f32_params *p, const float *input, const float *input_weights,
                                       const float *recurrent_weights, const float *bias, float *hidden, float *cell,
                                       float *output, float *scratch, rvfw_litert_float_side_fn side)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t t = 0; t < p->time_steps; ++t)
            rvfw_litert_f32_step(p, b, input + (b * p->time_steps + t) * p->input_size, input_weights,
                                 recurrent_weights, bias, hidden + b * p->units, cell + b * p->units,
                                 output + (b * p->time_steps + t) * p->units, scratch, side);
}

static inline void rvfw_litert_quantize(int asymmetric, const float *v, int32_t n, int8_t *q, float *scale,
                                        int32_t *zero_point)
{
    *zero_point = 0;
    if (asymmetric)
        rvfw_hybrid_quantize_asymmetric(v, n, q, scale, zero_point);
    else
        rvfw_hybrid_quantize_symmetric(v, n, q, scale);
}

/* One step of LiteRT's hybrid LSTM for batch row b: the input row and the hidden state quantised
 * (a side skipped where its vector is all zeros), each gate its bias plus both sides' products,
 * the activation; then the cell. scratch: 4 x units floats, then the int8 input and hidden rows. */
static inline void rvfw_litert_hybrid_step(const rvfw_lstm_hybrid_params *p, int32_t b, const float *x,
                                           const int8_t *input_weights, const int8_t *recurrent_weights,
                                           const float *scales, const int32_t *row_sums, const float *bias, float *h,
                                           float *c, float *out, float *scratch, rvfw_litert_hybrid_side_fn side)
{
    const int32_t units = p->units, depth = p->input_size;
    int8_t *qx = (int8_t *)(scratch + 4 * units), *qh = qx + depth;
    const int x_zero = rvfw_litert_all_zero(x, depth), h_zero = rvfw_litert_all_zero(h, units);
    float x_scale = 1.0f, h_scale = 1.0f;
    int32_t x_point = 0, h_point = 0;
    if (!x_zero)
        rvfw_litert_quantize(p->asymmetric, x, depth, qx, &x_scale, &x_point);
    if (!h_zero)
        rvfw_litert_quantize(p->asymmetric, h, units, qh, &h_scale, &h_point);
    for (int g = 0; g < 4; ++g) {
        float *gate = scratch + g * units;
        for (int32_t u = 0; u < units; ++u)
            gate[u] = bias[g * units + u];
        if (!x_zero)
            side(input_weights + g * units * depth, units, depth, qx, x_point, row_sums + g * units,
                 scales[g] * x_scale, gate);
        if (!h_zero)
            side(recurrent_weights + g * units * units, units, units, qh, h_point, row_sums + (4 + g) * units,
                 scales[4 + g] * h_scale, gate);
        rvfw_litert_activate(gate, units, g == 2, (RVFW_LITERT_SCRATCH_SLOT(g) * p->batches + b) * units);
    }
    rvfw_litert_cell(p->cell_clip, units, scratch, scratch + units, scratch + 2 * units, scratch + 3 * units, h, c,
                     out);
}

static inline void rvfw_litert_hybrid_run(const rvfw_lstm_hybrid_params *p, const float *input,
                                          const int8_t *input_weights, const int8_t *recurrent_weights,
                                          const float *scales, const int32_t *row_sums, const float *bias,
                                          float *hidden, float *cell, float *output, float *scratch,
                                          rvfw_litert_hybrid_side_fn side)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t t = 0; t < p->time_steps; ++t)
            rvfw_litert_hybrid_step(p, b, input + (b * p->time_steps + t) * p->input_size, input_weights,
                                    recurrent_weights, scales, row_sums, bias, hidden + b * p->units,
                                    cell + b * p->units, output + (b * p->time_steps + t) * p->units, scratch, side);
}

#endif
