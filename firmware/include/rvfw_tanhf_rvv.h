/* SPDX-License-Identifier: Apache-2.0 */
/* rvfw_tanhf (rvfw_tanhf.h: the host C library's fdlibm tanhf on its expm1f) lane by lane, for
 * RVV units with float32 lanes: every branch of the scalar code computed on every lane with the
 * same single-precision operations in the same order, the lanes then taking their branch's value
 * (merges on masks). expm1f is the scalar one's on tanh's arguments only: -2|x| in (-2, 0), where
 * k is 0, -1, -2 or -3, and 2|x| in [2, 44), where k is 3 to 63. Bit for bit rvfw_tanhf. */
#ifndef RVFW_TANHF_RVV_H
#define RVFW_TANHF_RVV_H

#include <stdint.h>

#include "rvfw_rvv_f32.h"

#define RVFW_F32(v) __riscv_vreinterpret_v_u32m4_f32m4(v)
#define RVFW_U32(v) __riscv_vreinterpret_v_f32m4_u32m4(v)

static inline vfloat32m4_t rvfw_expm1f_tanh_f32m4(vfloat32m4_t x, size_t vl)
{
    const float ln2_hi = 6.9313812256e-01f, ln2_lo = 9.0580006145e-06f, inv_ln2 = 1.4426950216e+00f;
    const float q1 = -3.3333335072e-02f, q2 = 1.5873016091e-03f, q3 = -7.9365076090e-05f;
    const float q4 = 4.0082177293e-06f, q5 = -2.0109921195e-07f;
    const vuint32m4_t bits = RVFW_U32(x), mag = __riscv_vand_vx_u32m4(bits, 0x7fffffffu, vl);
    const vbool8_t negative = __riscv_vmsgtu_vx_u32m4_b8(bits, 0x7fffffffu, vl);
    const vbool8_t reduce = __riscv_vmsgtu_vx_u32m4_b8(mag, 0x3eb17218u, vl);
    const vbool8_t near = __riscv_vmsltu_vx_u32m4_b8(mag, 0x3f851592u, vl); /* k = +-1 where reduced */
    /* k = +-1: hi = x -+ ln2_hi, lo = +-ln2_lo */
    const vint32m4_t k1 = __riscv_vmerge_vxm_i32m4(__riscv_vmv_v_x_i32m4(1, vl), -1, negative, vl);
    const vfloat32m4_t hi1 = __riscv_vmerge_vvm_f32m4(__riscv_vfsub_vf_f32m4(x, ln2_hi, vl),
                                                      __riscv_vfadd_vf_f32m4(x, ln2_hi, vl), negative, vl);
    const vfloat32m4_t lo1 = __riscv_vfmerge_vfm_f32m4(__riscv_vfmv_v_f_f32m4(ln2_lo, vl), -ln2_lo, negative, vl);
    /* otherwise k = (int)(inv_ln2 * x +- 0.5), hi = x - k ln2_hi, lo = k ln2_lo */
    const vfloat32m4_t half = __riscv_vfmerge_vfm_f32m4(__riscv_vfmv_v_f_f32m4(0.5f, vl), -0.5f, negative, vl);
    const vint32m4_t kn = __riscv_vfcvt_rtz_x_f_v_i32m4(
        __riscv_vfadd_vv_f32m4(__riscv_vfmul_vf_f32m4(x, inv_ln2, vl), half, vl), vl);
    const vfloat32m4_t kf = __riscv_vfcvt_f_x_v_f32m4(kn, vl);
    const vfloat32m4_t hin = __riscv_vfsub_vv_f32m4(x, __riscv_vfmul_vf_f32m4(kf, ln2_hi, vl), vl);
    const vfloat32m4_t lon = __riscv_vfmul_vf_f32m4(kf, ln2_lo, vl);
    const vfloat32m4_t hi = __riscv_vmerge_vvm_f32m4(hin, hi1, near, vl);
    const vfloat32m4_t lo = __riscv_vmerge_vvm_f32m4(lon, lo1, near, vl);
    const vfloat32m4_t xr = __riscv_vfsub_vv_f32m4(hi, lo, vl);
    const vfloat32m4_t cr = __riscv_vfsub_vv_f32m4(__riscv_vfsub_vv_f32m4(hi, xr, vl), lo, vl);
    const vint32m4_t k = __riscv_vmerge_vvm_i32m4(__riscv_vmv_v_x_i32m4(0, vl),
                                                  __riscv_vmerge_vvm_i32m4(kn, k1, near, vl), reduce, vl);
    const vfloat32m4_t c = __riscv_vfmerge_vfm_f32m4(cr, 0.0f, __riscv_vmnot_m_b8(reduce, vl), vl);
    const vfloat32m4_t xx = __riscv_vmerge_vvm_f32m4(x, xr, reduce, vl);
    /* the rational approximation on the reduced argument */
    const vfloat32m4_t half_x = __riscv_vfmul_vf_f32m4(xx, 0.5f, vl);
    const vfloat32m4_t hx2 = __riscv_vfmul_vv_f32m4(xx, half_x, vl);
    vfloat32m4_t r1 = __riscv_vfmul_vf_f32m4(hx2, q5, vl);
    r1 = __riscv_vfmul_vv_f32m4(hx2, __riscv_vfadd_vf_f32m4(r1, q4, vl), vl);
    r1 = __riscv_vfmul_vv_f32m4(hx2, __riscv_vfadd_vf_f32m4(r1, q3, vl), vl);
    r1 = __riscv_vfmul_vv_f32m4(hx2, __riscv_vfadd_vf_f32m4(r1, q2, vl), vl);
    r1 = __riscv_vfmul_vv_f32m4(hx2, __riscv_vfadd_vf_f32m4(r1, q1, vl), vl);
    r1 = __riscv_vfadd_vf_f32m4(r1, 1.0f, vl);
    const vfloat32m4_t t = __riscv_vfrsub_vf_f32m4(__riscv_vfmul_vv_f32m4(r1, half_x, vl), 3.0f, vl);
    const vfloat32m4_t denom = __riscv_vfrsub_vf_f32m4(__riscv_vfmul_vv_f32m4(xx, t, vl), 6.0f, vl);
    const vfloat32m4_t e = __riscv_vfmul_vv_f32m4(hx2, __riscv_vfdiv_vv_f32m4(__riscv_vfsub_vv_f32m4(r1, t, vl), denom, vl), vl);
    /* k == 0 */
    const vfloat32m4_t res0 = __riscv_vfsub_vv_f32m4(xx, __riscv_vfsub_vv_f32m4(__riscv_vfmul_vv_f32m4(xx, e, vl), hx2, vl), vl);
    /* e = x (e - c) - c - half_x2 */
    vfloat32m4_t e2 = __riscv_vfsub_vv_f32m4(__riscv_vfmul_vv_f32m4(xx, __riscv_vfsub_vv_f32m4(e, c, vl), vl), c, vl);
    e2 = __riscv_vfsub_vv_f32m4(e2, hx2, vl);
    const vfloat32m4_t e_minus_x = __riscv_vfsub_vv_f32m4(e2, xx, vl);
    /* k == -1: 0.5 (x - e) - 0.5 */
    const vfloat32m4_t res_m1 = __riscv_vfsub_vf_f32m4(__riscv_vfmul_vf_f32m4(__riscv_vfsub_vv_f32m4(xx, e2, vl), 0.5f, vl), 0.5f, vl);
    /* k <= -2 (tanh's arguments never give k > 56 here): (1 - (e - x)) * 2^k - 1 */
    const vuint32m4_t shift_k = __riscv_vsll_vx_u32m4(__riscv_vreinterpret_v_i32m4_u32m4(k), 23, vl);
    const vfloat32m4_t ya = __riscv_vfrsub_vf_f32m4(e_minus_x, 1.0f, vl);
    const vfloat32m4_t res_a = __riscv_vfsub_vf_f32m4(RVFW_F32(__riscv_vadd_vv_u32m4(RVFW_U32(ya), shift_k, vl)), 1.0f, vl);
    /* 2 <= k < 23: ((1 - 2^-k) - (e - x)) * 2^k */
    const vuint32m4_t ku = __riscv_vreinterpret_v_i32m4_u32m4(k);
    const vuint32m4_t one_minus = __riscv_vrsub_vx_u32m4(__riscv_vsrl_vv_u32m4(__riscv_vmv_v_x_u32m4(0x1000000u, vl), ku, vl),
                                                         0x3f800000u, vl);
    const vfloat32m4_t yb = __riscv_vfsub_vv_f32m4(RVFW_F32(one_minus), e_minus_x, vl);
    const vfloat32m4_t res_b = RVFW_F32(__riscv_vadd_vv_u32m4(RVFW_U32(yb), shift_k, vl));
    /* 23 <= k <= 56: ((x - (e + 2^-k)) + 1) * 2^k; k > 56: as k <= -2 */
    const vuint32m4_t two_mk = __riscv_vsll_vx_u32m4(__riscv_vrsub_vx_u32m4(ku, 0x7fu, vl), 23, vl);
    const vfloat32m4_t yc = __riscv_vfadd_vf_f32m4(__riscv_vfsub_vv_f32m4(xx, __riscv_vfadd_vv_f32m4(e2, RVFW_F32(two_mk), vl), vl), 1.0f, vl);
    const vfloat32m4_t res_c = RVFW_F32(__riscv_vadd_vv_u32m4(RVFW_U32(yc), shift_k, vl));
    vfloat32m4_t out = res_c;
    out = __riscv_vmerge_vvm_f32m4(out, res_a, __riscv_vmsgt_vx_i32m4_b8(k, 56, vl), vl);
    out = __riscv_vmerge_vvm_f32m4(out, res_b, __riscv_vmslt_vx_i32m4_b8(k, 23, vl), vl);
    out = __riscv_vmerge_vvm_f32m4(out, res_a, __riscv_vmsle_vx_i32m4_b8(k, -2, vl), vl);
    out = __riscv_vmerge_vvm_f32m4(out, res_m1, __riscv_vmseq_vx_i32m4_b8(k, -1, vl), vl);
    out = __riscv_vmerge_vvm_f32m4(out, res0, __riscv_vmseq_vx_i32m4_b8(k, 0, vl), vl);
    /* |x| < 2^-25 (not reduced): x itself */
    return __riscv_vmerge_vvm_f32m4(out, x, __riscv_vmsltu_vx_u32m4_b8(mag, 0x33000000u, vl), vl);
}

static inline vfloat32m4_t rvfw_tanhf_f32m4(vfloat32m4_t x, size_t vl)
{
    const vuint32m4_t bits = RVFW_U32(x), mag = __riscv_vand_vx_u32m4(bits, 0x7fffffffu, vl);
    const vfloat32m4_t a = RVFW_F32(mag);
    const vbool8_t big = __riscv_vmsgeu_vx_u32m4_b8(mag, 0x3f800000u, vl); /* |x| >= 1 */
    const vfloat32m4_t arg = __riscv_vmerge_vvm_f32m4(__riscv_vfmul_vf_f32m4(a, -2.0f, vl),
                                                      __riscv_vfmul_vf_f32m4(a, 2.0f, vl), big, vl);
    const vfloat32m4_t t = rvfw_expm1f_tanh_f32m4(arg, vl);
    const vfloat32m4_t t2 = __riscv_vfadd_vf_f32m4(t, 2.0f, vl);
    const vfloat32m4_t z_big = __riscv_vfrsub_vf_f32m4(__riscv_vfrdiv_vf_f32m4(t2, 2.0f, vl), 1.0f, vl);
    const vfloat32m4_t z_small = __riscv_vfdiv_vv_f32m4(__riscv_vfneg_v_f32m4(t, vl), t2, vl);
    vfloat32m4_t z = __riscv_vmerge_vvm_f32m4(z_small, z_big, big, vl);
    z = __riscv_vfmerge_vfm_f32m4(z, 1.0f - 1.0e-30f, __riscv_vmsgeu_vx_u32m4_b8(mag, 0x41b00000u, vl), vl);
    z = RVFW_F32(__riscv_vxor_vv_u32m4(RVFW_U32(z), __riscv_vand_vx_u32m4(bits, 0x80000000u, vl), vl)); /* -z */
    /* |x| < 2^-55: x (1 + x); 0 and infinities as the scalar code */
    const vfloat32m4_t tiny = __riscv_vfmul_vv_f32m4(x, __riscv_vfadd_vf_f32m4(x, 1.0f, vl), vl);
    z = __riscv_vmerge_vvm_f32m4(z, tiny, __riscv_vmsltu_vx_u32m4_b8(mag, 0x24000000u, vl), vl);
    z = __riscv_vmerge_vvm_f32m4(z, x, __riscv_vmseq_vx_u32m4_b8(mag, 0, vl), vl);
    const vfloat32m4_t inv = __riscv_vfrdiv_vf_f32m4(x, 1.0f, vl);
    const vfloat32m4_t at_inf = __riscv_vmerge_vvm_f32m4(__riscv_vfadd_vf_f32m4(inv, 1.0f, vl),
                                                         __riscv_vfsub_vf_f32m4(inv, 1.0f, vl),
                                                         __riscv_vmsgtu_vx_u32m4_b8(bits, 0x7fffffffu, vl), vl);
    return __riscv_vmerge_vvm_f32m4(z, at_inf, __riscv_vmsgeu_vx_u32m4_b8(mag, 0x7f800000u, vl), vl);
}

#undef RVFW_F32
#undef RVFW_U32

#endif
