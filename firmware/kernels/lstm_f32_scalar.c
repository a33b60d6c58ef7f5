/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, float32, fast scalar: the reference's step (rvfw_lstm_f32.h) with
 * each gate's fully connected layer four units a pass sharing each input load (every sum in the
 * reference's order: from 0.0f along the depth, then the bias), and, on cores without a
 * double-precision FPU, the gates' logistic on the integer exp (rvfw_expf_int.h: the same bits)
 * instead of a dozen soft-float double operations per value; without an FPU at all, tanhf on
 * integer float operations (rvfw_tanhf_soft.h: the same bits) instead of some 30 soft-float calls. */
#if !defined(__riscv_flen) || __riscv_flen < 64
#include "rvfw_expf_int.h"
#define RVFW_LSTM_F32_LOGISTIC rvfw_logisticf_int
#endif
#if !defined(__riscv_flen)
#include "rvfw_tanhf_soft.h"
#define RVFW_LSTM_F32_TANH rvfw_tanhf_soft
#endif
#include "rvfw_dot_scalar.h"
#include "rvfw_lstm_f32.h"

static void gate_fc(const float *x, int32_t rows, int32_t depth, int32_t units, const float *w, const float *bias,
                    float *out)
{
    for (int32_t r = 0; r < rows; ++r, x += depth, out += units) {
        int32_t u = 0;
        for (; u + 3 < units; u += 4) {
            float t[4];
            rvfw_dot4_f32_scalar(x, w + u * depth, depth, t);
            out[u] = t[0] + (bias ? bias[u] : 0.0f);
            out[u + 1] = t[1] + (bias ? bias[u + 1] : 0.0f);
            out[u + 2] = t[2] + (bias ? bias[u + 2] : 0.0f);
            out[u + 3] = t[3] + (bias ? bias[u + 3] : 0.0f);
        }
        for (; u < units; ++u) {
            const float *row = w + u * depth;
            float total = 0.0f;
            for (int32_t k = 0; k < depth; ++k)
                total += x[k] * row[k];
            out[u] = total + (bias ? bias[u] : 0.0f);
        }
    }
}

RVFW_KERNEL void rvfw_lstm_f32_scalar(const rvfw_lstm_f32_params *p, const float *input, const float *input_weights,
                          const float *recurrent_weights, const float *bias, float *hidden, float *cell, float *output,
                          float *scratch)
{
    rvfw_lstm_f32_run(p, gate_fc, input, input_weights, recurrent_weights, bias, hidden, cell, output, scratch);
}
