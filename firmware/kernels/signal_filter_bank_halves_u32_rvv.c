/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBank, uint32 energies in, uint64 channels out, RVV in 32-bit lanes (Zve32x: no
 * 64-bit ones). The reference widens each int16 weight to uint64 (a negative one wraps), so each
 * product modulo 2^64 is the signed 48-bit product weight * energy: here its low word (vmul) and
 * its high word (vmulhsu: signed times unsigned). A band's sums are reduced in 32-bit lanes without
 * losing a carry: the high words modulo 2^32, the low words as their 16-bit halves (a band holds
 * far fewer than 2^16 bins), and put together in uint64 scalar arithmetic. Bit-exact with the
 * reference. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

/* sum over the lanes of (hi:lo) modulo 2^64, plus `start` */
static inline uint64_t sum64(vint32m4_t hi, vuint32m4_t lo, uint64_t start, size_t vl)
{
    const vuint32m1_t zero = __riscv_vmv_s_x_u32m1(0, 1);
    const uint32_t hi_sum = __riscv_vmv_x_s_u32m1_u32(
        __riscv_vredsum_vs_u32m4_u32m1(__riscv_vreinterpret_v_i32m4_u32m4(hi), zero, vl));
    const uint32_t low16 = __riscv_vmv_x_s_u32m1_u32(
        __riscv_vredsum_vs_u32m4_u32m1(__riscv_vand_vx_u32m4(lo, 0xFFFF, vl), zero, vl));
    const uint32_t high16 = __riscv_vmv_x_s_u32m1_u32(
        __riscv_vredsum_vs_u32m4_u32m1(__riscv_vsrl_vx_u32m4(lo, 16, vl), zero, vl));
    return start + ((uint64_t)hi_sum << 32) + ((uint64_t)high16 << 16) + low16;
}

RVFW_KERNEL void rvfw_signal_filter_bank_halves_u32_rvv(const rvfw_signal_params *p, const uint32_t *input,
                                            const int16_t *weights, const int16_t *unweights,
                                            const int16_t *freq_starts, const int16_t *weight_starts,
                                            const int16_t *widths, uint64_t *output)
{
    uint64_t carry = 0; /* the previous band's unweighted sum */
    for (int32_t band = 0; band <= p->size; ++band) {
        const uint32_t *energy = input + freq_starts[band];
        const int16_t *w = weights + weight_starts[band], *u = unweights + weight_starts[band];
        uint64_t sum_w = carry, sum_u = 0;
        for (int32_t j = 0; j < widths[band];) {
            const size_t vl = __riscv_vsetvl_e32m4((size_t)(widths[band] - j));
            const vuint32m4_t e = __riscv_vle32_v_u32m4(energy + j, vl);
            const vint32m4_t wv = __riscv_vsext_vf2_i32m4(__riscv_vle16_v_i16m2(w + j, vl), vl);
            const vint32m4_t uv = __riscv_vsext_vf2_i32m4(__riscv_vle16_v_i16m2(u + j, vl), vl);
            sum_w = sum64(__riscv_vmulhsu_vv_i32m4(wv, e, vl),
                          __riscv_vmul_vv_u32m4(__riscv_vreinterpret_v_i32m4_u32m4(wv), e, vl), sum_w, vl);
            sum_u = sum64(__riscv_vmulhsu_vv_i32m4(uv, e, vl),
                          __riscv_vmul_vv_u32m4(__riscv_vreinterpret_v_i32m4_u32m4(uv), e, vl), sum_u, vl);
            j += (int32_t)vl;
        }
        if (band > 0) {
            output[band - 1] = sum_w;
        }
        carry = sum_u;
    }
}
