/* SPDX-License-Identifier: Apache-2.0 */
/* rvfw_expf (rvfw_expf.h: the host C library's expf in double-precision steps) lane by lane, for
 * RVV units with float64 lanes (V, Zve64d): each float widened exactly, the same double
 * operations in the same order (one IEEE rounding each, no fused multiply-add), the 2^(j/32)
 * table gathered per lane, the result narrowed with round-to-nearest as the C cast does, and the
 * two arguments where the host's FMA build differs merged in. Bit for bit rvfw_expf. */
#ifndef RVFW_EXPF_RVV_H
#define RVFW_EXPF_RVV_H

#include "rvfw_expf.h"
#include "rvfw_rvv_f32.h"

static inline vfloat32m4_t rvfw_expf_f32m4(vfloat32m4_t x, size_t vl)
{
    const double inv_ln2_n = 0x1.71547652b82fep+0 * 32, shift = 0x1.8p+52;
    const double c0 = 0x1.c6af84b912394p-5 / 32 / 32 / 32, c1 = 0x1.ebfce50fac4f3p-3 / 32 / 32;
    const double c2 = 0x1.62e42ff0c52d6p-1 / 32;
    const vfloat64m8_t z = __riscv_vfmul_vf_f64m8(__riscv_vfwcvt_f_f_v_f64m8(x, vl), inv_ln2_n, vl);
    const vfloat64m8_t shifted = __riscv_vfadd_vf_f64m8(z, shift, vl);
    const vuint64m8_t ki = __riscv_vreinterpret_v_f64m8_u64m8(shifted);
    const vfloat64m8_t r = __riscv_vfsub_vv_f64m8(z, __riscv_vfsub_vf_f64m8(shifted, shift, vl), vl);
    const vuint64m8_t offsets = __riscv_vsll_vx_u64m8(__riscv_vand_vx_u64m8(ki, 31, vl), 3, vl);
    const vuint64m8_t t = __riscv_vadd_vv_u64m8(__riscv_vluxei64_v_u64m8(rvfw_exp2f_table, offsets, vl),
                                                __riscv_vsll_vx_u64m8(ki, 52 - 5, vl), vl);
    const vfloat64m8_t s = __riscv_vreinterpret_v_u64m8_f64m8(t);
    const vfloat64m8_t p = __riscv_vfadd_vf_f64m8(__riscv_vfmul_vf_f64m8(r, c0, vl), c1, vl);
    const vfloat64m8_t r2 = __riscv_vfmul_vv_f64m8(r, r, vl);
    vfloat64m8_t y = __riscv_vfadd_vf_f64m8(__riscv_vfmul_vf_f64m8(r, c2, vl), 1.0, vl);
    y = __riscv_vfadd_vv_f64m8(__riscv_vfmul_vv_f64m8(p, r2, vl), y, vl);
    vfloat32m4_t out = __riscv_vfncvt_f_f_w_f32m4(__riscv_vfmul_vv_f64m8(y, s, vl), vl);
    out = __riscv_vfmerge_vfm_f32m4(out, 0.0f, __riscv_vmflt_vf_f32m4_b8(x, -0x1.9fe368p6f, vl), vl);
    const vuint32m4_t bits = __riscv_vreinterpret_v_f32m4_u32m4(x);
    const vbool8_t low = __riscv_vmseq_vx_u32m4_b8(bits, (uint32_t)RVFW_EXPF_FMA_X0, vl);
    const vbool8_t high = __riscv_vmseq_vx_u32m4_b8(bits, (uint32_t)RVFW_EXPF_FMA_X1, vl);
    vuint32m4_t o = __riscv_vreinterpret_v_f32m4_u32m4(out);
    o = __riscv_vmerge_vxm_u32m4(o, (uint32_t)RVFW_EXPF_FMA_Y0, low, vl);
    o = __riscv_vmerge_vxm_u32m4(o, (uint32_t)RVFW_EXPF_FMA_Y1, high, vl);
    return __riscv_vreinterpret_v_u32m4_f32m4(o);
}

#endif
