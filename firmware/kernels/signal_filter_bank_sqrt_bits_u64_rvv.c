/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBankSquareRoot, uint64 in, uint32 out, RVV in 32-bit integer lanes (Zve32x: no
 * 64-bit or float lanes): the reference's bit-by-bit root, channels across lanes, each uint64 as
 * high and low halves. Every lane starts from the highest bit, 2^62: above a value's own highest
 * bit the steps leave the root 0, so the result is the reference's whatever width it starts from.
 * Then the reference's rounding up when the remainder exceeds the root, unless the root is all
 * ones (0xFFFF for a value below 2^32, where the reference takes its 32-bit root, else
 * 0xFFFFFFFF). */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_signal_filter_bank_sqrt_bits_u64_rvv(const rvfw_signal_params *p, const uint64_t *input,
                                               const int32_t *scale_bits, uint32_t *output)
{
    const size_t shift = (size_t)*scale_bits;
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->size - i));
        const vuint32m4x2_t halves = __riscv_vlseg2e32_v_u32m4x2((const uint32_t *)(input + i), vl);
        vuint32m4_t num_lo = __riscv_vget_v_u32m4x2_u32m4(halves, 0), num_hi = __riscv_vget_v_u32m4x2_u32m4(halves, 1);
        const vbool8_t narrow = __riscv_vmseq_vx_u32m4_b8(num_hi, 0, vl); /* below 2^32: the 32-bit root */
        vuint32m4_t res_lo = __riscv_vmv_v_x_u32m4(0, vl), res_hi = __riscv_vmv_v_x_u32m4(0, vl);
        for (int32_t k = 31; k >= 0; --k) { /* bit = 4^k */
            const uint32_t bit_lo = k < 16 ? 1u << (2 * k) : 0, bit_hi = k < 16 ? 0 : 1u << (2 * k - 32);
            /* t = res + bit */
            const vuint32m4_t t_lo = __riscv_vadd_vx_u32m4(res_lo, bit_lo, vl);
            const vuint32m4_t t_hi = __riscv_vadc_vxm_u32m4(res_hi, bit_hi, __riscv_vmadc_vx_u32m4_b8(res_lo, bit_lo, vl),
                                                            vl);
            /* num >= t */
            const vbool8_t ge = __riscv_vmor_mm_b8(
                __riscv_vmsgtu_vv_u32m4_b8(num_hi, t_hi, vl),
                __riscv_vmand_mm_b8(__riscv_vmseq_vv_u32m4_b8(num_hi, t_hi, vl),
                                    __riscv_vmsgeu_vv_u32m4_b8(num_lo, t_lo, vl), vl),
                vl);
            /* where ge: num -= t */
            const vbool8_t borrow = __riscv_vmsltu_vv_u32m4_b8(num_lo, t_lo, vl);
            const vuint32m4_t diff_hi = __riscv_vsbc_vvm_u32m4(num_hi, t_hi, borrow, vl);
            num_lo = __riscv_vsub_vv_u32m4_mu(ge, num_lo, num_lo, t_lo, vl);
            num_hi = __riscv_vmerge_vvm_u32m4(num_hi, diff_hi, ge, vl);
            /* res >>= 1, and where ge: res += bit */
            res_lo = __riscv_vor_vv_u32m4(__riscv_vsrl_vx_u32m4(res_lo, 1, vl), __riscv_vsll_vx_u32m4(res_hi, 31, vl), vl);
            res_hi = __riscv_vsrl_vx_u32m4(res_hi, 1, vl);
            const vbool8_t carry = __riscv_vmand_mm_b8(ge, __riscv_vmadc_vx_u32m4_b8(res_lo, bit_lo, vl), vl);
            res_lo = __riscv_vadd_vx_u32m4_mu(ge, res_lo, res_lo, bit_lo, vl);
            res_hi = __riscv_vadd_vx_u32m4_mu(ge, res_hi, res_hi, bit_hi, vl);
            res_hi = __riscv_vadd_vx_u32m4_mu(carry, res_hi, res_hi, 1, vl);
        }
        /* the root fits 32 bits: res_hi is 0. Round up when remainder > root, unless all ones. */
        const vuint32m4_t all_ones = __riscv_vmerge_vxm_u32m4(__riscv_vmv_v_x_u32m4(0xFFFFFFFFu, vl), 0xFFFFu, narrow, vl);
        const vbool8_t above = __riscv_vmor_mm_b8(__riscv_vmsne_vx_u32m4_b8(num_hi, 0, vl),
                                                  __riscv_vmsgtu_vv_u32m4_b8(num_lo, res_lo, vl), vl);
        const vbool8_t up = __riscv_vmand_mm_b8(above, __riscv_vmsne_vv_u32m4_b8(res_lo, all_ones, vl), vl);
        res_lo = __riscv_vadd_vx_u32m4_mu(up, res_lo, res_lo, 1, vl);
        __riscv_vse32_v_u32m4(output + i, __riscv_vsrl_vx_u32m4(res_lo, shift, vl), vl);
        i += (int32_t)vl;
    }
}
