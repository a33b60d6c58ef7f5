/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED, float32, RVV (SEW 32, V or Zve32f): output units across lanes, the weights
 * transposed ([depth][out]). Every lane repeats TFLite Micro's float loop exactly: products
 * added one by one in input order (vfmul then vfadd, never a fused vfmacc), the bias after, the
 * clamp by compare and merge (what std::min/std::max do, -0 and NaN included). */
#include "rvfw_kernels.h"
#include "rvfw_rvv_f32.h"

RVFW_KERNEL void rvfw_fully_connected_f32_rvv(const rvfw_fc_params *p, const float *input, const float *weights_t,
                                  const float *bias, const float *act, float *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const float *x = input + b * p->accum_depth;
        for (int32_t o0 = 0; o0 < p->out_depth;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->out_depth - o0));
            vfloat32m8_t total = __riscv_vfmv_v_f_f32m8(0.0f, vl);
            const float *w = weights_t + o0;
            for (int32_t d = 0; d < p->accum_depth; ++d, w += p->out_depth)
                total = __riscv_vfadd_vv_f32m8(total, __riscv_vfmul_vf_f32m8(__riscv_vle32_v_f32m8(w, vl), x[d], vl),
                                               vl);
            rvfw_store_biased_f32(output + b * p->out_depth + o0, total, bias ? bias + o0 : 0, act, vl);
            o0 += (int32_t)vl;
        }
    }
}
