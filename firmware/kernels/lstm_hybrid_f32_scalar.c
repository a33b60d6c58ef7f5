/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, hybrid, fast scalar: lstm_hybrid_f32_ref with two gate rows' int8
 * dot products per pass over the quantised row (rvfw_hybrid_dots.h; exact integers, so LiteRT's
 * sums); the quantisers, the gate's float arithmetic and the
 * cell are the reference's. */
#include "rvfw_hybrid_dots.h"
#include "rvfw_lstm_litert.h"

static void side(const int8_t *w, int32_t units, int32_t depth, const int8_t *q, int32_t zero_point,
                 const int32_t *row_sums, float scale, float *gate)
{
    rvfw_litert_hybrid_side_by(w, units, depth, q, zero_point, row_sums, scale, gate, rvfw_hybrid_dots_scalar);
}

RVFW_KERNEL void rvfw_lstm_hybrid_f32_scalar(const rvfw_lstm_hybrid_params *p, const float *input,
                                             const int8_t *input_weights, const int8_t *recurrent_weights,
                                             const float *scales, const int32_t *row_sums, const float *bias,
                                             float *hidden, float *cell, float *output, float *scratch)
{
    rvfw_litert_hybrid_run(p, input, input_weights, recurrent_weights, scales, row_sums, bias, hidden, cell, output,
                           scratch, side);
}
