/* SPDX-License-Identifier: Apache-2.0 */
/* UNIDIRECTIONAL_SEQUENCE_LSTM, float32, RVV (V or Zve32f): the reference's step (rvfw_lstm_f32.h)
 * with each gate's fully connected layer across float32 lanes, one unit a lane, its weights
 * transposed ([gate][depth][unit]). Every lane adds its products one by one in input order
 * (vfmul then vfadd, never fused), then the bias (0.0f without one, as the reference adds). */
#include "rvfw_lstm_f32.h"
#include "rvfw_rvv_f32.h"

static void gate_fc(const float *x, int32_t rows, int32_t depth, int32_t units, const float *w_t, const float *bias,
                    float *out)
{
    for (int32_t r = 0; r < rows; ++r, x += depth, out += units)
        for (int32_t u0 = 0; u0 < units;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(units - u0));
            vfloat32m8_t total = __riscv_vfmv_v_f_f32m8(0.0f, vl);
            for (int32_t k = 0; k < depth; ++k)
                total = __riscv_vfadd_vv_f32m8(total, __riscv_vfmul_vf_f32m8(__riscv_vle32_v_f32m8(w_t + k * units + u0,
                                                                                                   vl), x[k], vl), vl);
            total = bias ? __riscv_vfadd_vv_f32m8(total, __riscv_vle32_v_f32m8(bias + u0, vl), vl)
                         : __riscv_vfadd_vf_f32m8(total, 0.0f, vl);
            __riscv_vse32_v_f32m8(out + u0, total, vl);
            u0 += (int32_t)vl;
        }
}

RVFW_KERNEL void rvfw_lstm_f32_rvv(const rvfw_lstm_f32_params *p, const float *input, const float *input_weights_t,
                       const float *recurrent_weights_t, const float *bias, float *hidden, float *cell, float *output,
                       float *scratch)
{
    rvfw_lstm_f32_run(p, gate_fc, input, input_weights_t, recurrent_weights_t, bias, hidden, cell, output, scratch);
}
