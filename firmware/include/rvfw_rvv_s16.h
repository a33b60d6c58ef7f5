/* SPDX-License-Identifier: Apache-2.0 */
/* Shared pieces of the 16x8 RVV kernels (int16 activations, int8 weights, int64 bias): output
 * channels across e64 lanes, each product (int16 x int8, exact in int32) widened into a 64-bit
 * accumulator as TFLite Micro sums, then its 64-bit requantisation per lane (rvfw_requantize64:
 * the multiplier rounded to 16 bits, one rounding shift), the clamp and the narrowing to int16.
 * They need ELEN 64 (the V extension); on Zve32x the *_lanes32_s16_rvv kernels take the layers whose
 * sums provably fit int32 (rvfw_rvv_s16_e32.h), the fast scalar kernels the rest. */
#ifndef RVFW_RVV_S16_H
#define RVFW_RVV_S16_H

/* The RVV 1.0 intrinsics: GCC 14 or later, or clang 17 or later. An older GCC has no
 * <riscv_vector.h>: say what to install instead of "No such file". */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 14
#error "rvfw: the *_rvv.c kernels need GCC >= 14 or clang >= 17 (<riscv_vector.h>); compile them with clang, or export with --kernels scalar"
#endif
#include <riscv_vector.h>
#include <stddef.h>
#include <stdint.h>

#include "rvfw_rvv_s16_e32.h" /* the exact 32-bit runs (RVFW_S16_EXACT_RUN, rvfw_dot32_s16x8) */

/* The same at LMUL 8: twice the lanes (32-bit sums of a short window, stored as two 64-bit halves
 * by rvfw_store_s16_halves). */
static inline vint32m8_t rvfw_dot32m8_s16x8(vint32m8_t part, const int16_t *x, const int8_t *w, ptrdiff_t w_stride,
                                            int32_t n, size_t vl)
{
    int32_t i = 0;
    for (; i + 2 <= n; i += 2, w += 2 * w_stride) {
        const vint16m4_t w0 = __riscv_vsext_vf2_i16m4(__riscv_vle8_v_i8m2(w, vl), vl);
        const vint16m4_t w1 = __riscv_vsext_vf2_i16m4(__riscv_vle8_v_i8m2(w + w_stride, vl), vl);
        part = __riscv_vwmacc_vx_i32m8(part, x[i], w0, vl);
        part = __riscv_vwmacc_vx_i32m8(part, x[i + 1], w1, vl);
    }
    for (; i < n; ++i, w += w_stride)
        part = __riscv_vwmacc_vx_i32m8(part, x[i], __riscv_vsext_vf2_i16m4(__riscv_vle8_v_i8m2(w, vl), vl), vl);
    return part;
}

/* acc[lane] += x * w[lane] for one int16 scalar and vl int8 weights. */
static inline vint64m8_t rvfw_mac_s16x8(vint64m8_t acc, int16_t x, const int8_t *w, size_t vl)
{
    const vint16m2_t w16 = __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(w, vl), vl);
    return __riscv_vwadd_wv_i64m8(acc, __riscv_vwmul_vx_i32m4(w16, x, vl), vl);
}

/* The 64-bit bias (or 0), the requantisation with per-channel multiplier and shift, the clamp
 * to [lo, hi], int16 out. */
static inline void rvfw_store_s16(vint64m8_t acc, const int64_t *bias, const int32_t *multiplier, const int32_t *shift,
                                  int32_t lo, int32_t hi, int16_t *out, size_t vl)
{
    if (bias)
        acc = __riscv_vadd_vv_i64m8(acc, __riscv_vle64_v_i64m8(bias, vl), vl);
    const vint32m4_t m = __riscv_vle32_v_i32m4(multiplier, vl);
    /* reduced = m < 0x7FFF0000 ? (m + 2^15) >> 16 : 0x7FFF */
    vint32m4_t reduced = __riscv_vsra_vx_i32m4(__riscv_vadd_vx_i32m4(m, 1 << 15, vl), 16, vl);
    reduced = __riscv_vmerge_vxm_i32m4(reduced, 0x7FFF, __riscv_vmsge_vx_i32m4_b8(m, 0x7FFF0000, vl), vl);
    const vint32m4_t total_shift = __riscv_vrsub_vx_i32m4(__riscv_vle32_v_i32m4(shift, vl), 15, vl);
    vint64m8_t x = __riscv_vmul_vv_i64m8(acc, __riscv_vsext_vf2_i64m8(reduced, vl), vl);
    /* + 2^(total_shift - 1), then the arithmetic shift */
    const vuint64m8_t s64 = __riscv_vreinterpret_v_i64m8_u64m8(__riscv_vsext_vf2_i64m8(total_shift, vl));
    const vint64m8_t round = __riscv_vsll_vv_i64m8(__riscv_vmv_v_x_i64m8(1, vl), __riscv_vsub_vx_u64m8(s64, 1, vl), vl);
    x = __riscv_vsra_vv_i64m8(__riscv_vadd_vv_i64m8(x, round, vl), s64, vl);
    x = __riscv_vmin_vx_i64m8(__riscv_vmax_vx_i64m8(x, lo, vl), hi, vl);
    __riscv_vse16_v_i16m2(out, __riscv_vncvt_x_x_w_i16m2(__riscv_vncvt_x_x_w_i32m4(x, vl), vl), vl);
}

/* rvfw_store_s16 with LiteRT's rounding of a 16x8 FULLY_CONNECTED (rvfw_requantize64_single): the
 * whole multiplier times the 64-bit sum (wrapping in 64 bits as LiteRT's does), rounded once. */
static inline void rvfw_store_s16_single(vint64m8_t acc, const int64_t *bias, const int32_t *multiplier,
                                         const int32_t *shift, int32_t lo, int32_t hi, int16_t *out, size_t vl)
{
    if (bias)
        acc = __riscv_vadd_vv_i64m8(acc, __riscv_vle64_v_i64m8(bias, vl), vl);
    const vint64m8_t m = __riscv_vsext_vf2_i64m8(__riscv_vle32_v_i32m4(multiplier, vl), vl);
    const vint32m4_t total_shift = __riscv_vrsub_vx_i32m4(__riscv_vle32_v_i32m4(shift, vl), 31, vl);
    const vuint64m8_t s64 = __riscv_vreinterpret_v_i64m8_u64m8(__riscv_vsext_vf2_i64m8(total_shift, vl));
    const vint64m8_t round = __riscv_vsll_vv_i64m8(__riscv_vmv_v_x_i64m8(1, vl), __riscv_vsub_vx_u64m8(s64, 1, vl), vl);
    vint64m8_t x = __riscv_vadd_vv_i64m8(__riscv_vmul_vv_i64m8(acc, m, vl), round, vl);
    x = __riscv_vsra_vv_i64m8(x, s64, vl);
    x = __riscv_vmin_vx_i64m8(__riscv_vmax_vx_i64m8(x, lo, vl), hi, vl);
    __riscv_vse16_v_i16m2(out, __riscv_vncvt_x_x_w_i16m2(__riscv_vncvt_x_x_w_i32m4(x, vl), vl), vl);
}

/* One output channel of vl consecutive pixels (their 32-bit sums of one exact run): widened, its
 * 64-bit bias (or 0) added, requantised with the channel's multiplier and shift as rvfw_store_s16
 * does per lane, clamped, and stored every out_c elements. */
/* rvfw_requantize64 of every lane with one multiplier and shift, clamped to [lo, hi]. */
static inline vint64m8_t rvfw_requantize64_vx(vint64m8_t x, int32_t multiplier, int32_t shift, int32_t lo, int32_t hi,
                                              size_t vl)
{
    const int64_t reduced = multiplier < 0x7FFF0000 ? (multiplier + (1 << 15)) >> 16 : 0x7FFF;
    const int32_t total_shift = 15 - shift;
    x = __riscv_vmul_vx_i64m8(x, reduced, vl);
    x = __riscv_vsra_vx_i64m8(__riscv_vadd_vx_i64m8(x, (int64_t)1 << (total_shift - 1), vl), (size_t)total_shift, vl);
    return __riscv_vmin_vx_i64m8(__riscv_vmax_vx_i64m8(x, lo, vl), hi, vl);
}

static inline void rvfw_store_s16_pixels(vint32m4_t part, const int64_t *bias, int32_t multiplier, int32_t shift,
                                         int32_t lo, int32_t hi, int16_t *out, ptrdiff_t out_c, size_t vl)
{
    vint64m8_t x = __riscv_vsext_vf2_i64m8(part, vl);
    if (bias)
        x = __riscv_vadd_vx_i64m8(x, *bias, vl);
    x = rvfw_requantize64_vx(x, multiplier, shift, lo, hi, vl);
    __riscv_vsse16_v_i16m2(out, out_c * (ptrdiff_t)sizeof(int16_t),
                           __riscv_vncvt_x_x_w_i16m2(__riscv_vncvt_x_x_w_i32m4(x, vl), vl), vl);
}

/* A short window's 32-bit sums (vl lanes at LMUL 8) widened and stored as rvfw_store_s16 does, in
 * the two halves a 64-bit register group holds. */
static inline void rvfw_store_s16_halves(vint32m8_t part, const int64_t *bias, const int32_t *multiplier,
                                         const int32_t *shift, int32_t lo, int32_t hi, int16_t *out, size_t vl)
{
    const size_t half = __riscv_vsetvlmax_e64m8();
    const size_t vl0 = vl < half ? vl : half;
    rvfw_store_s16(__riscv_vsext_vf2_i64m8(__riscv_vget_v_i32m8_i32m4(part, 0), vl0), bias, multiplier, shift, lo, hi,
                   out, vl0);
    if (vl > vl0)
        rvfw_store_s16(__riscv_vsext_vf2_i64m8(__riscv_vget_v_i32m8_i32m4(part, 1), vl - vl0), bias ? bias + vl0 : 0,
                       multiplier + vl0, shift + vl0, lo, hi, out + vl0, vl - vl0);
}

#endif
