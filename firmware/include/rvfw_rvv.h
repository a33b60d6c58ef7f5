/* SPDX-License-Identifier: Apache-2.0 */
/* Shared building blocks of the RVV 1.0 kernels (intrinsics; compiled with clang >= 17 or GCC >= 14).
 * Register grouping is fixed by the int8 -> int32 widening chain: e8m2 -> e16m4 -> e32m8, so one
 * vsetvl_e32m8 gives the element count for all three and the code is VLEN-agnostic. Only
 * SEW <= 32 is used, so the same code runs on Zve32x. */
#ifndef RVFW_RVV_H
#define RVFW_RVV_H

/* The RVV 1.0 intrinsics: GCC 14 or later, or clang 17 or later. An older GCC has no
 * <riscv_vector.h>: say what to install instead of "No such file". */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 14
#error "rvfw: the *_rvv.c kernels need GCC >= 14 or clang >= 17 (<riscv_vector.h>); compile them with clang, or export with --kernels scalar"
#endif
#include <riscv_vector.h>
#include <stddef.h>
#include <stdint.h>

/* TFLite Micro's MultiplyByQuantizedMultiplier, per lane, bit-exact:
 * vsmul with round-to-nearest-up is exactly the saturating rounding doubling high multiply,
 * and a rounding shift that rounds halves away from zero is vssra (round-half-up) applied
 * to x - 1 for negative x. right_only (rvfw_conv_params.right_shifts_only): every lane's shift
 * is negative, so there is no left shift and every lane rounds: four of the LMUL-8 operations go. */
static inline vint32m8_t rvfw_requantize_vv(vint32m8_t x, vint32m8_t multiplier, vint32m8_t shift, int right_only,
                                            size_t vl)
{
    if (right_only) { /* every shift negative: no left shift, and every lane rounds */
        x = __riscv_vsmul_vv_i32m8(x, multiplier, __RISCV_VXRM_RNU, vl);
        x = __riscv_vsub_vx_i32m8_mu(__riscv_vmslt_vx_i32m8_b4(x, 0, vl), x, x, 1, vl);
        return __riscv_vssra_vv_i32m8(x, __riscv_vreinterpret_v_i32m8_u32m8(__riscv_vneg_v_i32m8(shift, vl)),
                                      __RISCV_VXRM_RNU, vl);
    }
    const vuint32m8_t left = __riscv_vreinterpret_v_i32m8_u32m8(__riscv_vmax_vx_i32m8(shift, 0, vl));
    const vuint32m8_t right =
        __riscv_vreinterpret_v_i32m8_u32m8(__riscv_vneg_v_i32m8(__riscv_vmin_vx_i32m8(shift, 0, vl), vl));
    x = __riscv_vsll_vv_i32m8(x, left, vl);
    x = __riscv_vsmul_vv_i32m8(x, multiplier, __RISCV_VXRM_RNU, vl);
    const vbool4_t round_away =
        __riscv_vmand_mm_b4(__riscv_vmslt_vx_i32m8_b4(x, 0, vl), __riscv_vmsne_vx_u32m8_b4(right, 0, vl), vl);
    x = __riscv_vsub_vx_i32m8_mu(round_away, x, x, 1, vl);
    return __riscv_vssra_vv_i32m8(x, right, __RISCV_VXRM_RNU, vl);
}

/* The same with one multiplier and shift for all lanes. */
static inline vint32m8_t rvfw_requantize_vx(vint32m8_t x, int32_t multiplier, int32_t shift, size_t vl)
{
    if (shift > 0)
        x = __riscv_vsll_vx_i32m8(x, (size_t)shift, vl);
    x = __riscv_vsmul_vx_i32m8(x, multiplier, __RISCV_VXRM_RNU, vl);
    if (shift < 0) {
        x = __riscv_vsub_vx_i32m8_mu(__riscv_vmslt_vx_i32m8_b4(x, 0, vl), x, x, 1, vl);
        x = __riscv_vssra_vx_i32m8(x, (size_t)-shift, __RISCV_VXRM_RNU, vl);
    }
    return x;
}

/* Per lane, the number of significant bits of x (32 - clz(x); 0 for 0): a five-step binary search,
 * since RVV 1.0 without Zvbb has no vclz. */
static inline vuint32m4_t rvfw_bit_length_u32m4(vuint32m4_t x, size_t vl)
{
    vuint32m4_t length = __riscv_vmv_v_x_u32m4(0, vl);
    for (size_t s = 16; s > 0; s >>= 1) {
        const vbool8_t high = __riscv_vmsgeu_vx_u32m4_b8(x, 1u << s, vl);
        x = __riscv_vsrl_vx_u32m4_mu(high, x, x, s, vl);
        length = __riscv_vadd_vx_u32m4_mu(high, length, length, (uint32_t)s, vl);
    }
    return __riscv_vadd_vv_u32m4(length, __riscv_vminu_vx_u32m4(x, 1, vl), vl); /* x is now 0 or 1 */
}

/* The low 32 bits of the 64-bit lanes hi:lo shifted right by `shift` (< 64): uint64 arithmetic in
 * 32-bit lanes, for Zve32x, which has no 64-bit ones (products from vmul and vmulhu). */
static inline vuint32m4_t rvfw_shr64_u32m4(vuint32m4_t hi, vuint32m4_t lo, size_t shift, size_t vl)
{
    if (shift == 0)
        return lo;
    if (shift < 32)
        return __riscv_vor_vv_u32m4(__riscv_vsrl_vx_u32m4(lo, shift, vl), __riscv_vsll_vx_u32m4(hi, 32 - shift, vl),
                                    vl);
    return __riscv_vsrl_vx_u32m4(hi, shift - 32, vl);
}

/* ((uint64)a * b) >> shift, truncated to 32 bits, in 32-bit lanes. */
static inline vuint32m4_t rvfw_mulu_shr_u32m4(vuint32m4_t a, vuint32m4_t b, size_t shift, size_t vl)
{
    return rvfw_shr64_u32m4(__riscv_vmulhu_vv_u32m4(a, b, vl), __riscv_vmul_vv_u32m4(a, b, vl), shift, vl);
}

/* vl int8 values at x, x + stride, ... sign-extended to int32 lanes: a contiguous load, one value
 * in every lane (stride 0: a broadcast operand), or a strided load. */
static inline vint32m8_t rvfw_load_s8_strided(const int8_t *x, ptrdiff_t stride, size_t vl)
{
    if (stride == 1)
        return __riscv_vsext_vf4_i32m8(__riscv_vle8_v_i8m2(x, vl), vl);
    if (stride == 0)
        return __riscv_vmv_v_x_i32m8(*x, vl);
    return __riscv_vsext_vf4_i32m8(__riscv_vlse8_v_i8m2(x, stride, vl), vl);
}

/* ADD's and SUB's first step on vl lanes of each operand: value + offset, shifted up by
 * left_shift, rescaled to the common scale. */
#define RVFW_RESCALED_OPERAND(p, x, which, vl)                                                                     \
    rvfw_requantize_vx(__riscv_vsll_vx_i32m8(__riscv_vadd_vx_i32m8((x), (p)->which##_offset, (vl)),              \
                                             (size_t)(p)->left_shift, (vl)),                                      \
                       (p)->which##_multiplier, (p)->which##_shift, (vl))

/* The last step of every int8 elementwise kernel: requantise, offset, clamp, narrow, store. */
#define RVFW_STORE_BINARY(p, acc, out, vl)                                                                         \
    __riscv_vse8_v_i8m2((out), rvfw_narrow_s8(rvfw_requantize_vx((acc), (p)->output_multiplier,                  \
                                                                 (p)->output_shift, (vl)),                        \
                                              (p)->output_offset, (p)->output_activation_min,                     \
                                              (p)->output_activation_max, (vl)),                                  \
                        (vl))

/* The row function (for RVFW_BROADCAST_RUNS) of the quantised elementwise kernels with
 * broadcasting: n int32 lanes of each operand along the innermost run of the broadcast (stride 0
 * repeats one value in every lane), combined by COMBINE(p, x, y, vl) into the lanes STORE
 * requantises, clamps and narrows to T. ADD, SUB and MUL are this one body, in int8 and in int16;
 * each kernel file names its COMBINE. */
#define RVFW_BINARY_ROW(row, T, LOAD, STORE, COMBINE)                                                              \
    static void row(const rvfw_binary_params *p, const T *a, int32_t sa, const T *b, int32_t sb, T *out,          \
                    int32_t n)                                                                                    \
    {                                                                                                             \
        for (int32_t i = 0; i < n;) {                                                                             \
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(n - i));                                              \
            const vint32m8_t x = LOAD(a + i * sa, sa, vl);                                                        \
            const vint32m8_t y = LOAD(b + i * sb, sb, vl);                                                        \
            STORE(p, COMBINE(p, x, y, vl), out + i, vl);                                                          \
            i += (int32_t)vl;                                                                                     \
        }                                                                                                         \
    }
#define RVFW_BINARY_ROW_S8(row, COMBINE) RVFW_BINARY_ROW(row, int8_t, rvfw_load_s8_strided, RVFW_STORE_BINARY, COMBINE)
#define RVFW_BINARY_ROW_S16(row, COMBINE)                                                                          \
    RVFW_BINARY_ROW(row, int16_t, rvfw_load_s16_strided, RVFW_STORE_BINARY_S16, COMBINE)

/* int16 operands (the 16x8 kernels): stride in elements, 0 repeats one value. */
static inline vint32m8_t rvfw_load_s16_strided(const int16_t *x, ptrdiff_t stride, size_t vl)
{
    if (stride == 1)
        return __riscv_vsext_vf2_i32m8(__riscv_vle16_v_i16m4(x, vl), vl);
    if (stride == 0)
        return __riscv_vmv_v_x_i32m8(*x, vl);
    return __riscv_vsext_vf2_i32m8(__riscv_vlse16_v_i16m4(x, stride * 2, vl), vl);
}

/* Requantise, add the output zero point, clamp to the activation's int16 range, narrow, store. */
#define RVFW_STORE_BINARY_S16(p, acc, out, vl)                                                                     \
    do {                                                                                                          \
        vint32m8_t v_ = __riscv_vadd_vx_i32m8(rvfw_requantize_vx((acc), (p)->output_multiplier, (p)->output_shift, \
                                                                 (vl)),                                           \
                                              (p)->output_offset, (vl));                                          \
        v_ = __riscv_vmin_vx_i32m8(__riscv_vmax_vx_i32m8(v_, (p)->output_activation_min, (vl)),                    \
                                   (p)->output_activation_max, (vl));                                             \
        __riscv_vse16_v_i16m4((out), __riscv_vncvt_x_x_w_i16m4(v_, (vl)), (vl));                                  \
    } while (0)

/* Add the output zero point, clamp, and narrow int32 lanes to int8. */
static inline vint8m2_t rvfw_narrow_s8(vint32m8_t x, int32_t offset, int32_t lo, int32_t hi, size_t vl)
{
    x = __riscv_vadd_vx_i32m8(x, offset, vl);
    x = __riscv_vmin_vx_i32m8(__riscv_vmax_vx_i32m8(x, lo, vl), hi, vl);
    return __riscv_vncvt_x_x_w_i8m2(__riscv_vncvt_x_x_w_i16m4(x, vl), vl);
}

/* The weights of tap j, widened: the loops below share them between pixels. */
#define RVFW_W16(w, vl) __riscv_vsext_vf2_i16m4(__riscv_vle8_v_i8m2((w), (vl)), (vl))

/* acc[lane] += sum_j x[j] * w[j * w_stride + lane] for j < n: the GEMV core of the pointwise and
 * interior convolution and of the fully connected layer. Everything runs under one vtype
 * (e16m4; the e8 load only needs the same SEW/LMUL ratio): weights are sign-extended to int16 and
 * multiplied by the int8 input as a 16-bit scalar, accumulating exactly in int32. The first tap
 * runs before the loop, so the loop is entered under the vtype it keeps (no vsetvli in it); the
 * loop takes two taps a pass, inputs at immediate offsets of a bumped pointer. */
static inline __attribute__((always_inline)) vint32m8_t rvfw_dot_s8(vint32m8_t acc, const int8_t *x, const int8_t *w,
                                                                    int32_t n, int32_t w_stride, size_t vl)
{
    if (n <= 0)
        return acc;
    acc = __riscv_vwmacc_vx_i32m8(acc, x[0], RVFW_W16(w, vl), vl);
    const int8_t *p = x + 1, *const end = x + n;
    const ptrdiff_t w_pair = 2 * (ptrdiff_t)w_stride;
    for (w += w_stride; p + 1 < end; p += 2, w += w_pair) {
        acc = __riscv_vwmacc_vx_i32m8(acc, p[0], RVFW_W16(w, vl), vl);
        acc = __riscv_vwmacc_vx_i32m8(acc, p[1], RVFW_W16(w + w_stride, vl), vl);
    }
    if (p < end)
        acc = __riscv_vwmacc_vx_i32m8(acc, p[0], RVFW_W16(w, vl), vl);
    return acc;
}

/* The same for three output pixels at once (inputs x0, x1, x2): each weight vector is loaded
 * and widened once and used three times. Three int32 accumulators of LMUL 8 plus the weights
 * fill the 32 vector registers. Peeled and paired as rvfw_dot_s8. */
static inline __attribute__((always_inline)) void rvfw_dot3_s8(vint32m8_t *acc0, vint32m8_t *acc1, vint32m8_t *acc2,
                                                               const int8_t *x0, const int8_t *x1, const int8_t *x2,
                                                               const int8_t *w, int32_t n, int32_t w_stride, size_t vl)
{
    vint32m8_t a0 = *acc0, a1 = *acc1, a2 = *acc2;
    if (n > 0) {
        const vint16m4_t w16 = RVFW_W16(w, vl);
        a0 = __riscv_vwmacc_vx_i32m8(a0, x0[0], w16, vl);
        a1 = __riscv_vwmacc_vx_i32m8(a1, x1[0], w16, vl);
        a2 = __riscv_vwmacc_vx_i32m8(a2, x2[0], w16, vl);
    }
    /* Pointer-bumped: inputs at immediate offsets 0 and 1, one add per pointer a pass. */
    const int8_t *p0 = x0 + 1, *p1 = x1 + 1, *p2 = x2 + 1, *const end = x0 + n;
    const ptrdiff_t w_pair = 2 * (ptrdiff_t)w_stride;
    for (w += w_stride; p0 + 1 < end; p0 += 2, p1 += 2, p2 += 2, w += w_pair) {
        const vint16m4_t wa = RVFW_W16(w, vl);
        a0 = __riscv_vwmacc_vx_i32m8(a0, p0[0], wa, vl);
        a1 = __riscv_vwmacc_vx_i32m8(a1, p1[0], wa, vl);
        a2 = __riscv_vwmacc_vx_i32m8(a2, p2[0], wa, vl);
        const vint16m4_t wb = RVFW_W16(w + w_stride, vl);
        a0 = __riscv_vwmacc_vx_i32m8(a0, p0[1], wb, vl);
        a1 = __riscv_vwmacc_vx_i32m8(a1, p1[1], wb, vl);
        a2 = __riscv_vwmacc_vx_i32m8(a2, p2[1], wb, vl);
    }
    if (p0 < end) {
        const vint16m4_t w16 = RVFW_W16(w, vl);
        a0 = __riscv_vwmacc_vx_i32m8(a0, p0[0], w16, vl);
        a1 = __riscv_vwmacc_vx_i32m8(a1, p1[0], w16, vl);
        a2 = __riscv_vwmacc_vx_i32m8(a2, p2[0], w16, vl);
    }
    *acc0 = a0;
    *acc1 = a1;
    *acc2 = a2;
}

/* The same for two output pixels, peeled and paired as rvfw_dot_s8. */
static inline __attribute__((always_inline)) void rvfw_dot2_s8(vint32m8_t *acc0, vint32m8_t *acc1, const int8_t *x0,
                                                               const int8_t *x1, const int8_t *w, int32_t n,
                                                               int32_t w_stride, size_t vl)
{
    vint32m8_t a0 = *acc0, a1 = *acc1;
    if (n > 0) {
        const vint16m4_t w16 = RVFW_W16(w, vl);
        a0 = __riscv_vwmacc_vx_i32m8(a0, x0[0], w16, vl);
        a1 = __riscv_vwmacc_vx_i32m8(a1, x1[0], w16, vl);
    }
    const int8_t *p0 = x0 + 1, *p1 = x1 + 1, *const end = x0 + n;
    const ptrdiff_t w_pair = 2 * (ptrdiff_t)w_stride;
    for (w += w_stride; p0 + 1 < end; p0 += 2, p1 += 2, w += w_pair) {
        const vint16m4_t wa = RVFW_W16(w, vl);
        a0 = __riscv_vwmacc_vx_i32m8(a0, p0[0], wa, vl);
        a1 = __riscv_vwmacc_vx_i32m8(a1, p1[0], wa, vl);
        const vint16m4_t wb = RVFW_W16(w + w_stride, vl);
        a0 = __riscv_vwmacc_vx_i32m8(a0, p0[1], wb, vl);
        a1 = __riscv_vwmacc_vx_i32m8(a1, p1[1], wb, vl);
    }
    if (p0 < end) {
        const vint16m4_t w16 = RVFW_W16(w, vl);
        a0 = __riscv_vwmacc_vx_i32m8(a0, p0[0], w16, vl);
        a1 = __riscv_vwmacc_vx_i32m8(a1, p1[0], w16, vl);
    }
    *acc0 = a0;
    *acc1 = a1;
}

/* Up to three neighbouring pixels (inputs x, x + step, x + 2 * step) against the same weights:
 * the dispatch both the convolution and its in-place 1x1 variant use. */
static inline __attribute__((always_inline)) void rvfw_dot_pixels_s8(int32_t pixels, vint32m8_t *acc0,
                                                                     vint32m8_t *acc1, vint32m8_t *acc2,
                                                                     const int8_t *x, int32_t step, const int8_t *w,
                                                                     int32_t n, int32_t w_stride, size_t vl)
{
    if (pixels == 3)
        rvfw_dot3_s8(acc0, acc1, acc2, x, x + step, x + 2 * step, w, n, w_stride, vl);
    else if (pixels == 2)
        rvfw_dot2_s8(acc0, acc1, x, x + step, w, n, w_stride, vl);
    else
        *acc0 = rvfw_dot_s8(*acc0, x, w, n, w_stride, vl);
}

/* A row of `vl` output pixels' inputs for one tap, `stride` bytes apart, the first at input
 * column ix0: lanes whose column is outside [0, in_w) load zero_point instead (the folded bias
 * then cancels them). `inside` says all lanes are inside, so no mask is needed. */
static inline vint8m2_t rvfw_load_row_s8(const int8_t *x, ptrdiff_t stride, int32_t ix0, int32_t stride_w,
                                         int32_t in_w, int inside, int8_t zero_point, size_t vl)
{
    if (inside)
        return __riscv_vlse8_v_i8m2(x, stride, vl);
    const vint16m4_t ix = __riscv_vadd_vx_i16m4(
        __riscv_vmul_vx_i16m4(__riscv_vreinterpret_v_u16m4_i16m4(__riscv_vid_v_u16m4(vl)), (int16_t)stride_w, vl),
        (int16_t)ix0, vl);
    const vbool4_t valid = __riscv_vmsltu_vx_u16m4_b4(__riscv_vreinterpret_v_i16m4_u16m4(ix), (uint16_t)in_w, vl);
    return __riscv_vlse8_v_i8m2_mu(valid, __riscv_vmv_v_x_i8m2(zero_point, vl), x, stride, vl);
}

/* One output pixel at any position, output channels across lanes. Two ways to treat the taps
 * outside the input, for the two ways the bias may arrive:
 *   folded (acc starts at bias + input_offset * sum(w)): every tap counts, outside ones as
 *     x = zero_point, which the folded bias cancels;
 *   exact (acc starts at the raw bias): outside taps are skipped and the others count as
 *     (x - zero_point), as in the reference; cheaper when many taps are outside.
 * w points at the weight of the first lane for tap 0; lane l's weight for (tap, ic) number j is
 * w[l * oc_stride + j * j_stride] (HWIO: 1, out_c; OHWI: k_h * k_w * in_c, 1). */
static inline vint32m8_t rvfw_conv_pixel_s8(const rvfw_conv_params *p, const int8_t *in_batch, const int8_t *w,
                                            ptrdiff_t oc_stride, int32_t j_stride, vint32m8_t acc, int32_t y0,
                                            int32_t x0, int exact, size_t vl)
{
    const int32_t in_c = p->in_c, taps_per_row = p->k_w * in_c;
    const int32_t zero_point = -p->input_offset, x_shift = exact ? zero_point : 0;
    for (int32_t ky = 0; ky < p->k_h; ++ky) {
        const int32_t iy = y0 + ky * p->dilation_h;
        if (exact && (iy < 0 || iy >= p->in_h)) {
            w += taps_per_row * j_stride;
            continue;
        }
        for (int32_t kx = 0; kx < p->k_w; ++kx) {
            const int32_t ix = x0 + kx * p->dilation_w;
            const int inside = iy >= 0 && iy < p->in_h && ix >= 0 && ix < p->in_w;
            if (exact && !inside) {
                w += in_c * j_stride;
                continue;
            }
            const int8_t *x = in_batch + (iy * p->in_w + ix) * in_c;
            for (int32_t ic = 0; ic < in_c; ++ic, w += j_stride) {
                const vint8m2_t w8 = oc_stride == 1 ? __riscv_vle8_v_i8m2(w, vl) : __riscv_vlse8_v_i8m2(w, oc_stride, vl);
                const int16_t xv = (int16_t)(inside ? x[ic] - x_shift : zero_point);
                acc = __riscv_vwmacc_vx_i32m8(acc, xv, __riscv_vsext_vf2_i16m4(w8, vl), vl);
            }
        }
    }
    return acc;
}

/* Requantise output channels [oc0, oc0 + vl) with their per-channel arrays and store them contiguously. */
static inline void rvfw_store_channels_s8(const rvfw_conv_params *p, vint32m8_t acc, const int32_t *multiplier,
                                          const int32_t *shift, int8_t *out, size_t vl)
{
    acc = rvfw_requantize_vv(acc, __riscv_vle32_v_i32m8(multiplier, vl), __riscv_vle32_v_i32m8(shift, vl),
                             p->right_shifts_only, vl);
    __riscv_vse8_v_i8m2(out, rvfw_narrow_s8(acc, p->output_offset, p->output_activation_min,
                                            p->output_activation_max, vl), vl);
}

/* Store up to three pixels' output channels [oc0, oc0 + vl), the pixels out_c bytes apart. */
static inline void rvfw_store_pixels_s8(const rvfw_conv_params *p, int32_t pixels, vint32m8_t acc0, vint32m8_t acc1,
                                        vint32m8_t acc2, const int32_t *multiplier, const int32_t *shift, int8_t *out,
                                        size_t vl)
{
    rvfw_store_channels_s8(p, acc0, multiplier, shift, out, vl);
    if (pixels >= 2)
        rvfw_store_channels_s8(p, acc1, multiplier, shift, out + p->out_c, vl);
    if (pixels == 3)
        rvfw_store_channels_s8(p, acc2, multiplier, shift, out + 2 * p->out_c, vl);
}

/* LMUL 4 (half the lanes of the LMUL-8 forms): for layers whose output channels fit in them, six
 * rows or pixels share each weight load instead of three, and no lane idles. */

/* Six rows or pixels at once: acc_q[lane] += sum_j x[q' * step + j] * w[j * w_stride + lane], q < 6,
 * with q' = min(q, rows - 1): past `rows` real ones, the accumulators repeat the last (so nothing
 * beyond it is read; callers do not store them). Four steps a pass, the inputs at immediate offsets
 * of six bumped pointers. (Six accumulator pointers: sizeless vector types make no arrays.) */
static inline __attribute__((always_inline)) void rvfw_dot6_m4_s8(vint32m4_t *acc0, vint32m4_t *acc1, vint32m4_t *acc2,
                                                                  vint32m4_t *acc3, vint32m4_t *acc4, vint32m4_t *acc5,
                                                                  const int8_t *x, int32_t step, int32_t rows,
                                                                  const int8_t *w, int32_t n, int32_t w_stride,
                                                                  size_t vl)
{
    vint32m4_t a0 = *acc0, a1 = *acc1, a2 = *acc2, a3 = *acc3, a4 = *acc4, a5 = *acc5;
#define RVFW_DOT6_ROW(q) (x + ((q) < rows ? (q) : rows - 1) * step)
    const int8_t *x0 = x, *x1 = RVFW_DOT6_ROW(1), *x2 = RVFW_DOT6_ROW(2), *x3 = RVFW_DOT6_ROW(3),
                 *x4 = RVFW_DOT6_ROW(4), *x5 = RVFW_DOT6_ROW(5);
#undef RVFW_DOT6_ROW
#define RVFW_DOT6_STEP(u)                                                                                          \
    do {                                                                                                           \
        const vint16m2_t w16 = __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(w, vl), vl);                            \
        a0 = __riscv_vwmacc_vx_i32m4(a0, x0[u], w16, vl);                                                          \
        a1 = __riscv_vwmacc_vx_i32m4(a1, x1[u], w16, vl);                                                          \
        a2 = __riscv_vwmacc_vx_i32m4(a2, x2[u], w16, vl);                                                          \
        a3 = __riscv_vwmacc_vx_i32m4(a3, x3[u], w16, vl);                                                          \
        a4 = __riscv_vwmacc_vx_i32m4(a4, x4[u], w16, vl);                                                          \
        a5 = __riscv_vwmacc_vx_i32m4(a5, x5[u], w16, vl);                                                          \
        w += w_stride;                                                                                             \
    } while (0)
    int32_t t = 0;
    for (; t + 4 <= n; t += 4, x0 += 4, x1 += 4, x2 += 4, x3 += 4, x4 += 4, x5 += 4) {
        RVFW_DOT6_STEP(0);
        RVFW_DOT6_STEP(1);
        RVFW_DOT6_STEP(2);
        RVFW_DOT6_STEP(3);
    }
    for (int32_t u = 0; t + u < n; ++u)
        RVFW_DOT6_STEP(u);
#undef RVFW_DOT6_STEP
    *acc0 = a0, *acc1 = a1, *acc2 = a2, *acc3 = a3, *acc4 = a4, *acc5 = a5;
}

/* rvfw_rounding_divide_by_pot at LMUL 4, exponent >= 1: vssra rounds halves up, so negative
 * values first lose one (halves away from zero). */
static inline vint32m4_t rvfw_rdbpot_m4(vint32m4_t x, size_t exponent, size_t vl)
{
    x = __riscv_vsub_vx_i32m4_mu(__riscv_vmslt_vx_i32m4_b8(x, 0, vl), x, x, 1, vl);
    return __riscv_vssra_vx_i32m4(x, exponent, __RISCV_VXRM_RNU, vl);
}

/* rvfw_requantize_vx at LMUL 4. */
static inline vint32m4_t rvfw_requantize_vx_m4(vint32m4_t x, int32_t multiplier, int32_t shift, size_t vl)
{
    if (shift > 0)
        x = __riscv_vsll_vx_i32m4(x, (size_t)shift, vl);
    x = __riscv_vsmul_vx_i32m4(x, multiplier, __RISCV_VXRM_RNU, vl);
    return shift < 0 ? rvfw_rdbpot_m4(x, (size_t)-shift, vl) : x;
}

/* rvfw_narrow_s8 at LMUL 4: add the output offset, clamp, narrow to int8. */
static inline vint8m1_t rvfw_narrow_m4_s8(vint32m4_t x, int32_t offset, int32_t lo, int32_t hi, size_t vl)
{
    x = __riscv_vmin_vx_i32m4(__riscv_vmax_vx_i32m4(__riscv_vadd_vx_i32m4(x, offset, vl), lo, vl), hi, vl);
    return __riscv_vncvt_x_x_w_i8m1(__riscv_vncvt_x_x_w_i16m2(x, vl), vl);
}

/* Requantise per lane with a multiplier and shift per lane (rvfw_requantize_vv at LMUL 4), then
 * rvfw_narrow_m4_s8. */
static inline vint8m1_t rvfw_output_m4_s8(vint32m4_t x, vint32m4_t multiplier, vint32m4_t shift, int right_only,
                                          int32_t offset, int32_t lo, int32_t hi, size_t vl)
{
    if (right_only) { /* as rvfw_requantize_vv */
        x = __riscv_vsmul_vv_i32m4(x, multiplier, __RISCV_VXRM_RNU, vl);
        x = __riscv_vsub_vx_i32m4_mu(__riscv_vmslt_vx_i32m4_b8(x, 0, vl), x, x, 1, vl);
        x = __riscv_vssra_vv_i32m4(x, __riscv_vreinterpret_v_i32m4_u32m4(__riscv_vneg_v_i32m4(shift, vl)),
                                   __RISCV_VXRM_RNU, vl);
    } else {
        const vuint32m4_t left = __riscv_vreinterpret_v_i32m4_u32m4(__riscv_vmax_vx_i32m4(shift, 0, vl));
        const vuint32m4_t right =
            __riscv_vreinterpret_v_i32m4_u32m4(__riscv_vneg_v_i32m4(__riscv_vmin_vx_i32m4(shift, 0, vl), vl));
        x = __riscv_vsll_vv_i32m4(x, left, vl);
        x = __riscv_vsmul_vv_i32m4(x, multiplier, __RISCV_VXRM_RNU, vl);
        const vbool8_t round_away =
            __riscv_vmand_mm_b8(__riscv_vmslt_vx_i32m4_b8(x, 0, vl), __riscv_vmsne_vx_u32m4_b8(right, 0, vl), vl);
        x = __riscv_vsub_vx_i32m4_mu(round_away, x, x, 1, vl);
        x = __riscv_vssra_vv_i32m4(x, right, __RISCV_VXRM_RNU, vl);
    }
    return rvfw_narrow_m4_s8(x, offset, lo, hi, vl);
}

#endif
