/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, float32, as LiteRT computes it, XTheadVector (C906):
 * lstm_litert_f32_rvv's gate sides on 8 float32 lanes at LMUL 2 (four accumulators for Eigen's four
 * lane sums per unit over the transposed weights, each product and sum rounded on its own), the
 * rest the reference's (rvfw_lstm_litert.h). */
#include "rvfw_lstm_litert.h"
#include "rvfw_xthead.h"

/* register groups (LMUL 2) */
#define L0 2
#define L1 4
#define L2 6
#define L3 8
#define W 10
#define SUM 12
#define GATE 14

#define XT_LANE(acc, column, value)                                                                        \
    do {                                                                                                   \
        XT_VLE(W, column);                                                                                 \
        XT_VFMUL_VF(W, W, value);                                                                          \
        XT_VFADD_VV(acc, acc, W);                                                                          \
    } while (0)

static void side(const float *wt, int32_t units, int32_t depth, const float *x, float *gate)
{
    const int32_t full = depth - depth % 4;
    for (int32_t r = 0; r < units;) {
        const size_t vl = rvfw_xt_setvl_e32m2((size_t)(units - r));
        XT_VFMV_VF(L0, 0.0f);
        XT_VFMV_VF(L1, 0.0f);
        XT_VFMV_VF(L2, 0.0f);
        XT_VFMV_VF(L3, 0.0f);
        for (int32_t j = 0; j < full; j += 4) {
            const float *column = wt + j * units + r;
            XT_LANE(L0, column, x[j]);
            XT_LANE(L1, column + units, x[j + 1]);
            XT_LANE(L2, column + 2 * units, x[j + 2]);
            XT_LANE(L3, column + 3 * units, x[j + 3]);
        }
        XT_VFADD_VV(SUM, L0, L2);
        XT_VFADD_VV(L1, L1, L3);
        XT_VFADD_VV(SUM, SUM, L1); /* (l0 + l2) + (l1 + l3) */
        for (int32_t j = full; j < depth; ++j)
            XT_LANE(SUM, wt + j * units + r, x[j]);
        XT_VFADD_VF(SUM, SUM, 0.0f); /* Eigen's 0 + sum */
        XT_VLE(GATE, gate + r);
        XT_VFADD_VV(SUM, SUM, GATE);
        XT_VSE(SUM, gate + r);
        r += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_lstm_litert_f32_xthead(const rvfw_lstm_f32_params *p, const float *input,
                                             const float *input_weights_t, const float *recurrent_weights_t,
                                             const float *bias, float *hidden, float *cell, float *output,
                                             float *scratch)
{
    rvfw_litert_f32_run(p, input, input_weights_t, recurrent_weights_t, bias, hidden, cell, output, scratch, side);
}
