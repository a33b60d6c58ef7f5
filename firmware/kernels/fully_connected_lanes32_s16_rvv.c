/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED 16x8 in 32-bit lanes (RVV with ELEN 32: Zve32x as well as V), for layers whose
 * every sum, bias included, provably fits int32 (ops.conv_common.sums_fit_int32): output units
 * across lanes, the filter transposed ([depth][out]), the sum in int32 (then TFLite Micro's 64-bit
 * accumulation is the int32 one) and its requantisation exactly in 32-bit halves
 * (rvfw_rvv_s16_e32.h). */
#include "rvfw_kernels.h"
#include "rvfw_rvv_s16_e32.h"

RVFW_KERNEL void rvfw_fully_connected_lanes32_s16_rvv(const rvfw_fc_params *p, const int16_t *input,
                                          const int8_t *filter_t, const void *bias,
                                          const int32_t *output_multiplier, const int32_t *output_shift,
                                          int16_t *output)
{
    const int64_t *bias64 = (const int64_t *)bias;
    for (int32_t b = 0; b < p->batches; ++b) {
        const int16_t *x = input + b * p->accum_depth;
        for (int32_t o0 = 0; o0 < p->out_depth;) {
            const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->out_depth - o0));
            const vint32m4_t sum =
                rvfw_dot32_s16x8(__riscv_vmv_v_x_i32m4(0, vl), x, filter_t + o0, p->out_depth, p->accum_depth, vl);
            rvfw_store_s16_e32(sum, bias64 ? bias64 + o0 : 0, output_multiplier + o0, output_shift + o0,
                               p->output_activation_min, p->output_activation_max, output + b * p->out_depth + o0,
                               vl);
            o0 += (int32_t)vl;
        }
    }
}
