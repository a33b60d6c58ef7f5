/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBankSquareRoot, uint64 in, uint32 out, RVV with float64 lanes (V, Zve64d): the
 * reference's bit-by-bit root is the floor of the square root, rounded up when the remainder
 * exceeds the root (unless it is all ones: 0xFFFF below 2^32, where the reference takes its 32-bit
 * root, else 0xFFFFFFFF). Here the floor comes from vfsqrt on the value as a double, within one of
 * the truth for every uint64, and is corrected by comparing its square (and the next one's) with
 * the value in integers. Bit-exact with the reference. */
#include <riscv_vector.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_filter_bank_sqrt_u64_rvv(const rvfw_signal_params *p, const uint64_t *input,
                                          const int32_t *scale_bits, uint32_t *output)
{
    const size_t shift = (size_t)*scale_bits;
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e64m4((size_t)(p->size - i));
        const vuint64m4_t x = __riscv_vle64_v_u64m4(input + i, vl);
        vuint64m4_t r = __riscv_vfcvt_rtz_xu_f_v_u64m4(__riscv_vfsqrt_v_f64m4(__riscv_vfcvt_f_xu_v_f64m4(x, vl), vl), vl);
        r = __riscv_vminu_vx_u64m4(r, 0xFFFFFFFFull, vl); /* the root of a uint64 fits 32 bits */
        /* r*r > x: one too many */
        vbool16_t over = __riscv_vmsgtu_vv_u64m4_b16(__riscv_vmul_vv_u64m4(r, r, vl), x, vl);
        r = __riscv_vsub_vx_u64m4_mu(over, r, r, 1, vl);
        /* (r+1)^2 <= x (r + 1 below 2^32): one too few */
        const vuint64m4_t next = __riscv_vadd_vx_u64m4(r, 1, vl);
        vbool16_t under = __riscv_vmsleu_vv_u64m4_b16(__riscv_vmul_vv_u64m4(next, next, vl), x, vl);
        under = __riscv_vmand_mm_b16(under, __riscv_vmsltu_vx_u64m4_b16(r, 0xFFFFFFFFull, vl), vl);
        r = __riscv_vadd_vx_u64m4_mu(under, r, r, 1, vl);
        /* round up when the remainder exceeds the root and the root is not all ones */
        const vuint64m4_t rem = __riscv_vsub_vv_u64m4(x, __riscv_vmul_vv_u64m4(r, r, vl), vl);
        const vbool16_t small = __riscv_vmsleu_vx_u64m4_b16(x, 0xFFFFFFFFull, vl);
        const vuint64m4_t cap = __riscv_vmerge_vxm_u64m4(__riscv_vmv_v_x_u64m4(0xFFFFFFFFull, vl), 0xFFFF, small, vl);
        vbool16_t up = __riscv_vmsgtu_vv_u64m4_b16(rem, r, vl);
        up = __riscv_vmand_mm_b16(up, __riscv_vmsne_vv_u64m4_b16(r, cap, vl), vl);
        r = __riscv_vadd_vx_u64m4_mu(up, r, r, 1, vl);
        __riscv_vse32_v_u32m2(output + i, __riscv_vnsrl_wx_u32m2(r, shift, vl), vl);
        i += (int32_t)vl;
    }
}
