/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBank, uint32 energies in, uint64 channels out, RVV (64-bit elements): each band's
 * energies times its weights and unweights in uint64 lanes (weights sign-extended, as the
 * reference widens them; products and sums modulo 2^64 as its uint64 arithmetic), reduced per
 * band. Bit-exact with the reference. */
#include <riscv_vector.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_filter_bank_u32_rvv(const rvfw_signal_params *p, const uint32_t *input, const int16_t *weights,
                                     const int16_t *unweights, const int16_t *freq_starts, const int16_t *weight_starts,
                                     const int16_t *widths, uint64_t *output)
{
    uint64_t carry = 0; /* the previous band's unweighted sum */
    for (int32_t band = 0; band <= p->size; ++band) {
        const uint32_t *energy = input + freq_starts[band];
        const int16_t *w = weights + weight_starts[band], *u = unweights + weight_starts[band];
        vuint64m1_t sum_w = __riscv_vmv_s_x_u64m1(carry, 1), sum_u = __riscv_vmv_s_x_u64m1(0, 1);
        for (int32_t j = 0; j < widths[band];) {
            const size_t vl = __riscv_vsetvl_e64m4((size_t)(widths[band] - j));
            const vuint64m4_t e = __riscv_vzext_vf2_u64m4(__riscv_vle32_v_u32m2(energy + j, vl), vl);
            const vuint64m4_t wv = __riscv_vreinterpret_v_i64m4_u64m4(__riscv_vsext_vf4_i64m4(__riscv_vle16_v_i16m1(w + j, vl), vl));
            const vuint64m4_t uv = __riscv_vreinterpret_v_i64m4_u64m4(__riscv_vsext_vf4_i64m4(__riscv_vle16_v_i16m1(u + j, vl), vl));
            sum_w = __riscv_vredsum_vs_u64m4_u64m1(__riscv_vmul_vv_u64m4(wv, e, vl), sum_w, vl);
            sum_u = __riscv_vredsum_vs_u64m4_u64m1(__riscv_vmul_vv_u64m4(uv, e, vl), sum_u, vl);
            j += (int32_t)vl;
        }
        if (band > 0) {
            output[band - 1] = __riscv_vmv_x_s_u64m1_u64(sum_w);
        }
        carry = __riscv_vmv_x_s_u64m1_u64(sum_u);
    }
}
