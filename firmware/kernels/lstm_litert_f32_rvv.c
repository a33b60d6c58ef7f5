/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, float32, as LiteRT computes it, RVV (V or Zve32f): lstm_litert_f32_ref
 * with each gate side's units across lanes. Eigen's row-major product keeps four partial sums per
 * unit (columns j = l mod 4), reduces them as (l0 + l2) + (l1 + l3) and adds the last columns one by
 * one: here four vector accumulators over the transposed weights ([depth][unit]), each product and
 * sum rounded on its own as there (no fused multiply-add), so every unit gets the same bits. */
#include <riscv_vector.h>

#include "rvfw_lstm_litert.h"

static void side(const float *wt, int32_t units, int32_t depth, const float *x, float *gate)
{
    const int32_t full = depth - depth % 4;
    for (int32_t r = 0; r < units;) {
        const size_t vl = __riscv_vsetvl_e32m2((size_t)(units - r));
        const vfloat32m2_t zero = __riscv_vfmv_v_f_f32m2(0.0f, vl);
        vfloat32m2_t l0 = zero, l1 = zero, l2 = zero, l3 = zero;
        for (int32_t j = 0; j < full; j += 4) {
            const float *column = wt + j * units + r;
            l0 = __riscv_vfadd_vv_f32m2(l0, __riscv_vfmul_vf_f32m2(__riscv_vle32_v_f32m2(column, vl), x[j], vl), vl);
            column += units;
            l1 = __riscv_vfadd_vv_f32m2(l1, __riscv_vfmul_vf_f32m2(__riscv_vle32_v_f32m2(column, vl), x[j + 1], vl), vl);
            column += units;
            l2 = __riscv_vfadd_vv_f32m2(l2, __riscv_vfmul_vf_f32m2(__riscv_vle32_v_f32m2(column, vl), x[j + 2], vl), vl);
            column += units;
            l3 = __riscv_vfadd_vv_f32m2(l3, __riscv_vfmul_vf_f32m2(__riscv_vle32_v_f32m2(column, vl), x[j + 3], vl), vl);
        }
        vfloat32m2_t sum = __riscv_vfadd_vv_f32m2(__riscv_vfadd_vv_f32m2(l0, l2, vl), __riscv_vfadd_vv_f32m2(l1, l3, vl), vl);
        for (int32_t j = full; j < depth; ++j)
            sum = __riscv_vfadd_vv_f32m2(sum, __riscv_vfmul_vf_f32m2(__riscv_vle32_v_f32m2(wt + j * units + r, vl), x[j], vl),
                                         vl);
        sum = __riscv_vfadd_vf_f32m2(sum, 0.0f, vl); /* Eigen's 0 + sum */
        __riscv_vse32_v_f32m2(gate + r, __riscv_vfadd_vv_f32m2(sum, __riscv_vle32_v_f32m2(gate + r, vl), vl), vl);
        r += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_lstm_litert_f32_rvv(const rvfw_lstm_f32_params *p, const float *input,
                                          const float *input_weights_t, const float *recurrent_weights_t,
                                          const float *bias, float *hidden, float *cell, float *output,
                                          float *scratch)
{
    rvfw_litert_f32_run(p, input, input_weights_t, recurrent_weights_t, bias, hidden, cell, output, scratch, side);
}
