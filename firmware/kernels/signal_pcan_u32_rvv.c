/* SPDX-License-Identifier: Apache-2.0 */
/* SignalPCAN, uint32, RVV: the reference's arithmetic channel by lane (32-bit lanes only, the
 * signal times gain as high and low halves: Zve32x too). The gain's table entries are gathered by each lane's power of two
 * (its bit length, rvfw_bit_length_u32m4), the fraction shifted by a per-lane amount, the
 * quadratic in int32 and the result truncated to int16 and sign-extended as the reference's
 * return type does; estimates 0-2 read the table directly. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

enum { SNR_BITS = 12, OUTPUT_BITS = 6 };

static inline vint32m4_t lut_at(const int16_t *lut, vuint32m4_t index, size_t vl)
{
    const vuint32m4_t bytes = __riscv_vsll_vx_u32m4(index, 1, vl);
    return __riscv_vsext_vf2_i32m4(__riscv_vluxei32_v_i16m2(lut, bytes, vl), vl);
}

RVFW_KERNEL void rvfw_signal_pcan_u32_rvv(const rvfw_signal_pcan_params *p, const uint32_t *input,
                              const uint32_t *noise_estimate, const int16_t *gain_lut, uint32_t *output)
{
    for (int32_t i = 0; i < p->channels;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->channels - i));
        const vuint32m4_t x = __riscv_vle32_v_u32m4(noise_estimate + i, vl);
        const vbool8_t small = __riscv_vmsleu_vx_u32m4_b8(x, 2, vl);
        const vuint32m4_t interval = rvfw_bit_length_u32m4(x, vl);
        /* lanes with x <= 2 (interval <= 2) index safely too: their result is replaced below */
        const vuint32m4_t base = __riscv_vsub_vx_u32m4(__riscv_vsll_vx_u32m4(__riscv_vmaxu_vx_u32m4(interval, 2, vl),
                                                                             2, vl), 6, vl);
        const vint32m4_t c0 = lut_at(gain_lut, base, vl);
        const vint32m4_t c1 = lut_at(gain_lut, __riscv_vadd_vx_u32m4(base, 1, vl), vl);
        const vint32m4_t c2 = lut_at(gain_lut, __riscv_vadd_vx_u32m4(base, 2, vl), vl);
        const vbool8_t below = __riscv_vmsltu_vx_u32m4_b8(interval, 11, vl);
        const vuint32m4_t up = __riscv_vsll_vv_u32m4(x, __riscv_vrsub_vx_u32m4(interval, 11, vl), vl);
        const vuint32m4_t down = __riscv_vsrl_vv_u32m4(x, __riscv_vsub_vx_u32m4(interval, 11, vl), vl);
        const vint32m4_t frac = __riscv_vreinterpret_v_u32m4_i32m4(
            __riscv_vand_vx_u32m4(__riscv_vmerge_vvm_u32m4(down, up, below, vl), 0x3FF, vl));
        vint32m4_t r = __riscv_vsra_vx_i32m4(__riscv_vmul_vv_i32m4(c2, frac, vl), 5, vl);
        r = __riscv_vadd_vv_i32m4(r, __riscv_vsll_vx_i32m4(c1, 5, vl), vl);
        r = __riscv_vmul_vv_i32m4(r, frac, vl);
        r = __riscv_vsra_vx_i32m4(__riscv_vadd_vx_i32m4(r, 1 << 14, vl), 15, vl);
        r = __riscv_vadd_vv_i32m4(r, c0, vl);
        r = __riscv_vsra_vx_i32m4(__riscv_vsll_vx_i32m4(r, 16, vl), 16, vl); /* (int16_t), sign-extended */
        r = __riscv_vmerge_vvm_i32m4(r, lut_at(gain_lut, __riscv_vminu_vx_u32m4(x, 2, vl), vl), small, vl);
        const vuint32m4_t gain = __riscv_vreinterpret_v_i32m4_u32m4(r);
        const vuint32m4_t snr =
            rvfw_mulu_shr_u32m4(__riscv_vle32_v_u32m4(input + i, vl), gain, (size_t)p->snr_shift, vl);
        const vbool8_t low = __riscv_vmsltu_vx_u32m4_b8(snr, 2u << SNR_BITS, vl);
        const vuint32m4_t squared = __riscv_vsrl_vx_u32m4(__riscv_vmul_vv_u32m4(snr, snr, vl),
                                                          2 + 2 * SNR_BITS - OUTPUT_BITS, vl);
        const vuint32m4_t linear = __riscv_vsub_vx_u32m4(__riscv_vsrl_vx_u32m4(snr, SNR_BITS - OUTPUT_BITS, vl),
                                                         1u << OUTPUT_BITS, vl);
        __riscv_vse32_v_u32m4(output + i, __riscv_vmerge_vvm_u32m4(linear, squared, low, vl), vl);
        i += (int32_t)vl;
    }
}
