/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBankSpectralSubtraction, uint32, RVV: the reference's per-channel noise estimate
 * update and subtraction, channels across lanes; the even/odd coefficients merged by lane parity,
 * the uint64 products and their sum as high and low 32-bit halves (vmulhu, vmul, the carry by
 * vmadc) shifted back (rvfw_shr64_u32m4), wrapping as the reference's uint64 arithmetic does.
 * 32-bit lanes only: Zve32x too. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_signal_spectral_subtraction_u32_rvv(const rvfw_signal_spectral_params *p, const uint32_t *input,
                                              uint32_t *noise_estimate, uint32_t *output,
                                              uint32_t *noise_estimate_out)
{
    const size_t bits = p->spectral_subtraction_bits, smoothing_bits = p->smoothing_bits;
    for (int32_t i = 0; i < p->channels;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->channels - i));
        const vbool8_t odd = __riscv_vmsne_vx_u32m4_b8(
            __riscv_vand_vx_u32m4(__riscv_vadd_vx_u32m4(__riscv_vid_v_u32m4(vl), (uint32_t)i, vl), 1, vl), 0, vl);
        const vuint32m4_t smoothing = __riscv_vmerge_vxm_u32m4(__riscv_vmv_v_x_u32m4(p->smoothing, vl),
                                                               p->alternate_smoothing, odd, vl);
        const vuint32m4_t keep = __riscv_vmerge_vxm_u32m4(__riscv_vmv_v_x_u32m4(p->one_minus_smoothing, vl),
                                                          p->alternate_one_minus_smoothing, odd, vl);
        const vuint32m4_t in = __riscv_vle32_v_u32m4(input + i, vl);
        const vuint32m4_t signal = __riscv_vsll_vx_u32m4(in, smoothing_bits, vl);
        const vuint32m4_t noise = __riscv_vle32_v_u32m4(noise_estimate + i, vl);
        const vuint32m4_t lo1 = __riscv_vmul_vv_u32m4(signal, smoothing, vl);
        const vuint32m4_t lo2 = __riscv_vmul_vv_u32m4(noise, keep, vl);
        const vbool8_t carry = __riscv_vmadc_vv_u32m4_b8(lo1, lo2, vl);
        const vuint32m4_t hi = __riscv_vadc_vvm_u32m4(__riscv_vmulhu_vv_u32m4(signal, smoothing, vl),
                                                      __riscv_vmulhu_vv_u32m4(noise, keep, vl), carry, vl);
        vuint32m4_t estimate = rvfw_shr64_u32m4(hi, __riscv_vadd_vv_u32m4(lo1, lo2, vl), bits, vl);
        const vuint32m4_t bounded = __riscv_vminu_vv_u32m4(estimate, signal, vl);
        if (p->clamping)
            estimate = bounded;
        __riscv_vse32_v_u32m4(noise_estimate + i, estimate, vl);
        __riscv_vse32_v_u32m4(noise_estimate_out + i, estimate, vl);
        const vuint32m4_t floor =
            rvfw_mulu_shr_u32m4(in, __riscv_vmv_v_x_u32m4(p->min_signal_remaining, vl), bits, vl);
        const vuint32m4_t subtracted =
            __riscv_vsrl_vx_u32m4(__riscv_vsub_vv_u32m4(signal, bounded, vl), smoothing_bits, vl);
        __riscv_vse32_v_u32m4(output + i, __riscv_vmaxu_vv_u32m4(subtracted, floor, vl), vl);
        i += (int32_t)vl;
    }
}
