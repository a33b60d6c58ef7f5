/* SPDX-License-Identifier: Apache-2.0 */
/* The 16x8 RVV pieces that need only 32-bit lanes (ELEN 32: Zve32x as well as V).
 *
 * Exact 32-bit runs: every 16x8 kernel sums products in int32 where that is provably exact.
 *
 * TFLite Micro's 16x8 requantisation (MultiplyByQuantizedMultiplier on an int64 accumulator: the
 * multiplier rounded to 16 bits, one rounding shift of 15 - shift, 8 to 46 bits) for accumulators
 * that fit int32, the layer's bias included (the build proves it: ops.conv_common.sums_fit_int32):
 * the 64-bit product of the accumulator and the 16-bit multiplier as its two 32-bit halves
 * (vmul, vmulh), the rounding bit added with a carry, and the shift taken from the half or halves
 * it reads. Every step is exact, so the result is the reference's. */
#ifndef RVFW_RVV_S16_E32_H
#define RVFW_RVV_S16_E32_H

/* The RVV 1.0 intrinsics: GCC 14 or later, or clang 17 or later. An older GCC has no
 * <riscv_vector.h>: say what to install instead of "No such file". */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 14
#error "rvfw: the *_rvv.c kernels need GCC >= 14 or clang >= 17 (<riscv_vector.h>); compile them with clang, or export with --kernels scalar"
#endif
#include <riscv_vector.h>
#include <stddef.h>
#include <stdint.h>

#include "rvfw_kernels.h"
#include "rvfw_taps.h"

/* A product of an int16 and an int8 is at most 2^22 in magnitude (-32768 x -128), so up to
 * RVFW_S16_EXACT_RUN of them (511 x 2^22 < 2^31) sum exactly in int32: the kernels sum runs of
 * products in 32-bit lanes (half the register group of a 64-bit sum, one widening multiply-add per
 * product) and add each run's sum into the 64-bit accumulator. Every sum is the integer TFLite
 * Micro's int64 accumulation computes, so the result is bit-exact. */
#define RVFW_S16_EXACT_RUN 511

/* part[lane] += x * w[lane] in 32-bit lanes, for one int16 scalar and vl int8 weights. */
static inline vint32m4_t rvfw_mac32_s16x8(vint32m4_t part, int16_t x, const int8_t *w, size_t vl)
{
    return __riscv_vwmacc_vx_i32m4(part, x, __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(w, vl), vl), vl);
}

/* part[lane] += sum over i < n of x[i] * w[i * w_stride + lane] (n <= RVFW_S16_EXACT_RUN), four
 * products a round: one vtype for them and a quarter of the loop's bookkeeping. */
static inline vint32m4_t rvfw_dot32_s16x8(vint32m4_t part, const int16_t *x, const int8_t *w, ptrdiff_t w_stride,
                                          int32_t n, size_t vl)
{
    int32_t i = 0;
    for (; i + 4 <= n; i += 4, w += 4 * w_stride) {
        const vint16m2_t w0 = __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(w, vl), vl);
        const vint16m2_t w1 = __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(w + w_stride, vl), vl);
        const vint16m2_t w2 = __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(w + 2 * w_stride, vl), vl);
        const vint16m2_t w3 = __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(w + 3 * w_stride, vl), vl);
        part = __riscv_vwmacc_vx_i32m4(part, x[i], w0, vl);
        part = __riscv_vwmacc_vx_i32m4(part, x[i + 1], w1, vl);
        part = __riscv_vwmacc_vx_i32m4(part, x[i + 2], w2, vl);
        part = __riscv_vwmacc_vx_i32m4(part, x[i + 3], w3, vl);
    }
    for (; i < n; ++i, w += w_stride)
        part = rvfw_mac32_s16x8(part, x[i], w, vl);
    return part;
}

/* TFLite Micro's reduced 16-bit multiplier. */
static inline int32_t rvfw_reduced_multiplier16(int32_t multiplier)
{
    return multiplier < 0x7FFF0000 ? (multiplier + (1 << 15)) >> 16 : 0x7FFF;
}

/* (acc * reduced + 2^(ts - 1)) >> ts per lane, acc in int32, reduced in [0, 0x7FFF], ts (15 -
 * shift) in [8, 46], the result in int32 (as TFLite Micro asserts). */
static inline vint32m4_t rvfw_requantize_s16_e32(vint32m4_t acc, vint32m4_t reduced, vint32m4_t ts, size_t vl)
{
    const vuint32m4_t lo = __riscv_vreinterpret_v_i32m4_u32m4(__riscv_vmul_vv_i32m4(acc, reduced, vl));
    const vint32m4_t hi = __riscv_vmulh_vv_i32m4(acc, reduced, vl);
    const vuint32m4_t uts = __riscv_vreinterpret_v_i32m4_u32m4(ts);
    /* the rounding bit 2^(ts - 1): in the low half where ts <= 32, else in the high half */
    const vbool8_t round_low = __riscv_vmsle_vx_i32m4_b8(ts, 32, vl);
    const vuint32m4_t one = __riscv_vmv_v_x_u32m4(1, vl);
    const vuint32m4_t bit_lo = __riscv_vsll_vv_u32m4(one, __riscv_vsub_vx_u32m4(uts, 1, vl), vl); /* mod 32 */
    const vuint32m4_t zero = __riscv_vmv_v_x_u32m4(0, vl);
    const vuint32m4_t r_lo = __riscv_vmerge_vvm_u32m4(zero, bit_lo, round_low, vl);
    const vint32m4_t r_hi = __riscv_vreinterpret_v_u32m4_i32m4(__riscv_vmerge_vvm_u32m4(bit_lo, zero, round_low, vl));
    const vbool8_t carry = __riscv_vmadc_vv_u32m4_b8(lo, r_lo, vl);
    const vuint32m4_t lo2 = __riscv_vadd_vv_u32m4(lo, r_lo, vl);
    const vint32m4_t hi2 = __riscv_vadc_vvm_i32m4(hi, r_hi, carry, vl);
    /* ts < 32: the low half shifted, the high half's bits above it; else the high half shifted */
    const vint32m4_t below = __riscv_vreinterpret_v_u32m4_i32m4(__riscv_vor_vv_u32m4(
        __riscv_vsrl_vv_u32m4(lo2, uts, vl),
        __riscv_vreinterpret_v_i32m4_u32m4(__riscv_vsll_vv_i32m4(hi2, __riscv_vrsub_vx_u32m4(uts, 32, vl), vl)), vl));
    const vint32m4_t above = __riscv_vsra_vv_i32m4(hi2, __riscv_vsub_vx_u32m4(uts, 32, vl), vl);
    return __riscv_vmerge_vvm_i32m4(above, below, __riscv_vmslt_vx_i32m4_b8(ts, 32, vl), vl);
}

/* The int64 bias (which fits int32 where these kernels run: its low word, little-endian) added,
 * the requantisation with per-lane multiplier and shift, the clamp to [lo, hi], int16 out. */
static inline void rvfw_store_s16_e32(vint32m4_t acc, const int64_t *bias, const int32_t *multiplier,
                                      const int32_t *shift, int32_t lo, int32_t hi, int16_t *out, size_t vl)
{
    if (bias)
        acc = __riscv_vadd_vv_i32m4(acc, __riscv_vlse32_v_i32m4((const int32_t *)(const void *)bias, 8, vl), vl);
    const vint32m4_t m = __riscv_vle32_v_i32m4(multiplier, vl);
    vint32m4_t reduced = __riscv_vsra_vx_i32m4(__riscv_vadd_vx_i32m4(m, 1 << 15, vl), 16, vl);
    reduced = __riscv_vmerge_vxm_i32m4(reduced, 0x7FFF, __riscv_vmsge_vx_i32m4_b8(m, 0x7FFF0000, vl), vl);
    const vint32m4_t ts = __riscv_vrsub_vx_i32m4(__riscv_vle32_v_i32m4(shift, vl), 15, vl);
    vint32m4_t x = rvfw_requantize_s16_e32(acc, reduced, ts, vl);
    x = __riscv_vmin_vx_i32m4(__riscv_vmax_vx_i32m4(x, lo, vl), hi, vl);
    __riscv_vse16_v_i16m2(out, __riscv_vncvt_x_x_w_i16m2(x, vl), vl);
}

/* One output channel of vl consecutive pixels: the same with the channel's scalars, stored every
 * out_c elements. */
static inline void rvfw_store_s16_pixels_e32(vint32m4_t acc, const int64_t *bias, int32_t multiplier, int32_t shift,
                                             int32_t lo, int32_t hi, int16_t *out, ptrdiff_t out_c, size_t vl)
{
    if (bias)
        acc = __riscv_vadd_vx_i32m4(acc, (int32_t)*bias, vl);
    const vint32m4_t reduced = __riscv_vmv_v_x_i32m4(rvfw_reduced_multiplier16(multiplier), vl);
    vint32m4_t x = rvfw_requantize_s16_e32(acc, reduced, __riscv_vmv_v_x_i32m4(15 - shift, vl), vl);
    x = __riscv_vmin_vx_i32m4(__riscv_vmax_vx_i32m4(x, lo, vl), hi, vl);
    __riscv_vsse16_v_i16m2(out, out_c * (ptrdiff_t)sizeof(int16_t), __riscv_vncvt_x_x_w_i16m2(x, vl), vl);
}

/* Output pixels of a row across 32-bit lanes (the 16x8 convolutions' layout for few output
 * channels: conv2d_s16_rvv.c, conv2d_lanes32_s16_rvv.c): one strided input load per tap shared by
 * RVFW_S16_PIXEL_GROUP output channels, their weights scalars, each pixel's products in one exact
 * 32-bit run; `store` requantises a channel's lanes (in 64-bit lanes, or in 32-bit halves). */
#define RVFW_S16_PIXEL_GROUP 4

typedef void (*rvfw_s16_pixel_store)(vint32m4_t part, const int64_t *bias, int32_t multiplier, int32_t shift,
                                     int32_t lo, int32_t hi, int16_t *out, ptrdiff_t out_c, size_t vl);

/* `count` output pixels of one row from column ox_lo, their windows inside the image horizontally
 * and within one exact run: x_lo is the input of the first pixel's first tap. */
static inline __attribute__((always_inline)) void
rvfw_conv_s16_pixels(const rvfw_conv_params *p, const int16_t *x_lo, const int8_t *filter_hwio, const int64_t *bias,
                     const int32_t *multiplier, const int32_t *shift, int16_t *out_lo, int32_t count, rvfw_taps ry,
                     rvfw_s16_pixel_store store)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, k_w = p->k_w;
    const int32_t lo = p->output_activation_min, hi = p->output_activation_max;
    const ptrdiff_t x_col = (ptrdiff_t)p->dilation_w * in_c, x_row = (ptrdiff_t)p->dilation_h * p->in_w * in_c;
    const ptrdiff_t x_pixel = (ptrdiff_t)p->stride_w * in_c, w_tap = (ptrdiff_t)in_c * out_c;
    const ptrdiff_t lane_bytes = x_pixel * (ptrdiff_t)sizeof(int16_t);
    for (int32_t done = 0; done < count;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(count - done));
        const int16_t *x_block = x_lo + done * x_pixel;
        int16_t *out = out_lo + (ptrdiff_t)done * out_c;
        const vint32m4_t zero = __riscv_vmv_v_x_i32m4(0, vl);
        int32_t oc = 0;
        for (; oc + RVFW_S16_PIXEL_GROUP <= out_c; oc += RVFW_S16_PIXEL_GROUP) {
            vint32m4_t t0 = zero, t1 = zero, t2 = zero, t3 = zero;
            const int16_t *x_r = x_block;
            const int8_t *w_r = filter_hwio + ry.first * k_w * w_tap + oc;
            for (int32_t ky = ry.first; ky < ry.end; ++ky, x_r += x_row, w_r += k_w * w_tap) {
                const int16_t *x = x_r;
                const int8_t *w = w_r;
                for (int32_t kx = 0; kx < k_w; ++kx, x += x_col)
                    for (int32_t ic = 0; ic < in_c; ++ic, w += out_c) {
                        const vint16m2_t xv = __riscv_vlse16_v_i16m2(x + ic, lane_bytes, vl);
                        t0 = __riscv_vwmacc_vx_i32m4(t0, w[0], xv, vl);
                        t1 = __riscv_vwmacc_vx_i32m4(t1, w[1], xv, vl);
                        t2 = __riscv_vwmacc_vx_i32m4(t2, w[2], xv, vl);
                        t3 = __riscv_vwmacc_vx_i32m4(t3, w[3], xv, vl);
                    }
            }
            store(t0, bias ? bias + oc : 0, multiplier[oc], shift[oc], lo, hi, out + oc, out_c, vl);
            store(t1, bias ? bias + oc + 1 : 0, multiplier[oc + 1], shift[oc + 1], lo, hi, out + oc + 1, out_c, vl);
            store(t2, bias ? bias + oc + 2 : 0, multiplier[oc + 2], shift[oc + 2], lo, hi, out + oc + 2, out_c, vl);
            store(t3, bias ? bias + oc + 3 : 0, multiplier[oc + 3], shift[oc + 3], lo, hi, out + oc + 3, out_c, vl);
        }
        for (; oc < out_c; ++oc) {
            vint32m4_t t0 = zero;
            const int16_t *x_r = x_block;
            const int8_t *w_r = filter_hwio + ry.first * k_w * w_tap + oc;
            for (int32_t ky = ry.first; ky < ry.end; ++ky, x_r += x_row, w_r += k_w * w_tap) {
                const int16_t *x = x_r;
                const int8_t *w = w_r;
                for (int32_t kx = 0; kx < k_w; ++kx, x += x_col)
                    for (int32_t ic = 0; ic < in_c; ++ic, w += out_c)
                        t0 = __riscv_vwmacc_vx_i32m4(t0, w[0], __riscv_vlse16_v_i16m2(x + ic, lane_bytes, vl), vl);
            }
            store(t0, bias ? bias + oc : 0, multiplier[oc], shift[oc], lo, hi, out + oc, out_c, vl);
        }
        done += (int32_t)vl;
    }
}

#endif
