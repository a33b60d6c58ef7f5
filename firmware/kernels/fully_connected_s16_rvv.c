/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED 16x8, RVV (ELEN 64): output units across e64 lanes, the filter transposed
 * ([depth][out]), TFLite Micro's 64-bit accumulation (in exact 32-bit runs) and requantisation
 * (rvfw_rvv_s16.h), or with p->single_rounding LiteRT's (rvfw_store_s16_single). */
#include "rvfw_kernels.h"
#include "rvfw_rvv_s16.h"

RVFW_KERNEL void rvfw_fully_connected_s16_rvv(const rvfw_fc_params *p, const int16_t *input, const int8_t *filter_t,
                                  const void *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                  int16_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const int16_t *x = input + b * p->accum_depth;
        for (int32_t o0 = 0; o0 < p->out_depth;) {
            const size_t vl = __riscv_vsetvl_e64m8((size_t)(p->out_depth - o0));
            vint64m8_t acc = __riscv_vmv_v_x_i64m8(0, vl);
            const int8_t *w = filter_t + o0;
            for (int32_t d0 = 0; d0 < p->accum_depth; d0 += RVFW_S16_EXACT_RUN) { /* exact 32-bit runs */
                const int32_t end = p->accum_depth - d0 < RVFW_S16_EXACT_RUN ? p->accum_depth : d0 + RVFW_S16_EXACT_RUN;
                const vint32m4_t part = rvfw_dot32_s16x8(__riscv_vmv_v_x_i32m4(0, vl), x + d0, w, p->out_depth, end - d0, vl);
                w += (ptrdiff_t)(end - d0) * p->out_depth;
                acc = __riscv_vwadd_wv_i64m8(acc, part, vl);
            }
            (p->single_rounding ? rvfw_store_s16_single : rvfw_store_s16)(
                acc, bias ? (const int64_t *)bias + o0 : 0, output_multiplier + o0, output_shift + o0,
                p->output_activation_min, p->output_activation_max, output + b * p->out_depth + o0, vl);
            o0 += (int32_t)vl;
        }
    }
}
