/* SPDX-License-Identifier: Apache-2.0 */
/* SignalRfft, int16, RVV: the reference's arithmetic with butterflies across lanes. As the fast
 * scalar kernel, the frame is gathered once in the order kiss_fft's recursion reads its leaves,
 * then each level runs from the deepest up; a level's butterflies (half / radix of them, in groups
 * of m sharing twiddles k * fstride) are numbered j, and each lane computes its butterfly's
 * addresses from j (m and fstride are powers of two), so a level is a few strips whatever its m.
 * A complex value is one 32-bit element (re in the low half): indexed 32-bit loads and stores,
 * split into int16 lanes for the arithmetic. Q15 products are widened (vwmul), rounded and
 * narrowed (vnsra, which keeps the low 16 bits as C's int16 store does); sums wrap at e16.
 * Bit-exact with the reference. */
#include <riscv_vector.h>

#include "rvfw_fft16.h"
#include "rvfw_rvv.h"

/* A complex vector: (re, im) int16 lanes as a two-register tuple. */
typedef vint16m2x2_t cvec;
#define RE(c) __riscv_vget_v_i16m2x2_i16m2(c, 0)
#define IM(c) __riscv_vget_v_i16m2x2_i16m2(c, 1)
#define CVEC(r, i) __riscv_vcreate_v_i16m2x2(r, i)

static inline cvec unpack(vuint32m4_t x, size_t vl)
{
    return CVEC(__riscv_vreinterpret_v_u16m2_i16m2(__riscv_vnsrl_wx_u16m2(x, 0, vl)),
                __riscv_vreinterpret_v_u16m2_i16m2(__riscv_vnsrl_wx_u16m2(x, 16, vl)));
}

static inline vuint32m4_t pack(cvec c, size_t vl)
{
    const vuint32m4_t lo = __riscv_vzext_vf2_u32m4(__riscv_vreinterpret_v_i16m2_u16m2(RE(c)), vl);
    const vuint32m4_t hi = __riscv_vzext_vf2_u32m4(__riscv_vreinterpret_v_i16m2_u16m2(IM(c)), vl);
    return __riscv_vor_vv_u32m4(lo, __riscv_vsll_vx_u32m4(hi, 16, vl), vl);
}

static inline vint16m2_t q15(vint32m4_t x, size_t vl)
{
    return __riscv_vnsra_wx_i16m2(__riscv_vadd_vx_i32m4(x, 1 << 14, vl), 15, vl);
}

static inline cvec cdiv(cvec c, int16_t scale, size_t vl)
{
    return CVEC(q15(__riscv_vwmul_vx_i32m4(RE(c), scale, vl), vl), q15(__riscv_vwmul_vx_i32m4(IM(c), scale, vl), vl));
}

static inline cvec cmul(cvec a, cvec b, size_t vl)
{
    const vint32m4_t rr = __riscv_vwmul_vv_i32m4(RE(a), RE(b), vl), ii = __riscv_vwmul_vv_i32m4(IM(a), IM(b), vl);
    const vint32m4_t ri = __riscv_vwmul_vv_i32m4(RE(a), IM(b), vl), ir = __riscv_vwmul_vv_i32m4(IM(a), RE(b), vl);
    return CVEC(q15(__riscv_vsub_vv_i32m4(rr, ii, vl), vl), q15(__riscv_vadd_vv_i32m4(ri, ir, vl), vl));
}

static inline cvec cadd(cvec a, cvec b, size_t vl)
{
    return CVEC(__riscv_vadd_vv_i16m2(RE(a), RE(b), vl), __riscv_vadd_vv_i16m2(IM(a), IM(b), vl));
}

static inline cvec csub(cvec a, cvec b, size_t vl)
{
    return CVEC(__riscv_vsub_vv_i16m2(RE(a), RE(b), vl), __riscv_vsub_vv_i16m2(IM(a), IM(b), vl));
}

static inline cvec load(const rvfw_cpx16 *base, vuint32m4_t offsets, size_t vl)
{
    return unpack(__riscv_vluxei32_v_u32m4((const uint32_t *)base, offsets, vl), vl);
}

static inline void store(rvfw_cpx16 *base, vuint32m4_t offsets, cvec c, size_t vl)
{
    __riscv_vsuxei32_v_u32m4((uint32_t *)base, offsets, pack(c, vl), vl);
}

/* One level: `count` butterflies of radix p, m per group (groups 4m or 2m apart), twiddles
 * k * fstride; log2 of m and fstride given. */
static void level(rvfw_cpx16 *spectrum, const rvfw_cpx16 *tw, int32_t p, int32_t count, uint32_t log_m,
                  uint32_t log_fstride)
{
    const uint32_t m = 1u << log_m, log_span = log_m + (p == 4 ? 2u : 1u);
    for (int32_t j0 = 0; j0 < count;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(count - j0));
        const vuint32m4_t j = __riscv_vadd_vx_u32m4(__riscv_vid_v_u32m4(vl), (uint32_t)j0, vl);
        const vuint32m4_t k = __riscv_vand_vx_u32m4(j, m - 1, vl);
        const vuint32m4_t base = __riscv_vadd_vv_u32m4(
            __riscv_vsll_vx_u32m4(__riscv_vsrl_vx_u32m4(j, log_m, vl), log_span, vl), k, vl);
        const vuint32m4_t off0 = __riscv_vsll_vx_u32m4(base, 2, vl);
        const vuint32m4_t off1 = __riscv_vadd_vx_u32m4(off0, 4 * m, vl);
        const vuint32m4_t tw1 = __riscv_vsll_vx_u32m4(k, log_fstride + 2, vl);
        if (p == 2) {
            cvec f0 = cdiv(load(spectrum, off0, vl), 32767 / 2, vl);
            cvec f1 = cdiv(load(spectrum, off1, vl), 32767 / 2, vl);
            const cvec t = cmul(f1, load(tw, tw1, vl), vl);
            store(spectrum, off1, csub(f0, t, vl), vl);
            store(spectrum, off0, cadd(f0, t, vl), vl);
        } else {
            const vuint32m4_t off2 = __riscv_vadd_vx_u32m4(off1, 4 * m, vl);
            const vuint32m4_t off3 = __riscv_vadd_vx_u32m4(off2, 4 * m, vl);
            const vuint32m4_t tw2 = __riscv_vadd_vv_u32m4(tw1, tw1, vl);
            const vuint32m4_t tw3 = __riscv_vadd_vv_u32m4(tw2, tw1, vl);
            cvec f0 = cdiv(load(spectrum, off0, vl), 32767 / 4, vl);
            const cvec f1 = cdiv(load(spectrum, off1, vl), 32767 / 4, vl);
            const cvec f2 = cdiv(load(spectrum, off2, vl), 32767 / 4, vl);
            const cvec f3 = cdiv(load(spectrum, off3, vl), 32767 / 4, vl);
            const cvec s0 = cmul(f1, load(tw, tw1, vl), vl);
            const cvec s1 = cmul(f2, load(tw, tw2, vl), vl);
            const cvec s2 = cmul(f3, load(tw, tw3, vl), vl);
            const cvec s5 = csub(f0, s1, vl);
            f0 = cadd(f0, s1, vl);
            const cvec s3 = cadd(s0, s2, vl), s4 = csub(s0, s2, vl);
            store(spectrum, off2, csub(f0, s3, vl), vl);
            store(spectrum, off0, cadd(f0, s3, vl), vl);
            const cvec g1 = CVEC(__riscv_vadd_vv_i16m2(RE(s5), IM(s4), vl), __riscv_vsub_vv_i16m2(IM(s5), RE(s4), vl));
            const cvec g3 = CVEC(__riscv_vsub_vv_i16m2(RE(s5), IM(s4), vl), __riscv_vadd_vv_i16m2(IM(s5), RE(s4), vl));
            store(spectrum, off1, g1, vl);
            store(spectrum, off3, g3, vl);
        }
        j0 += (int32_t)vl;
    }
}

/* (a + b) >> 1 and (a - b) >> 1 in int (kiss_fft's HALF_OF of the promoted sum), stored as int16. */
static inline vint16m2_t half_sum(vint16m2_t a, vint16m2_t b, size_t vl)
{
    return __riscv_vnsra_wx_i16m2(__riscv_vwadd_vv_i32m4(a, b, vl), 1, vl);
}

static inline vint16m2_t half_diff(vint16m2_t a, vint16m2_t b, size_t vl)
{
    return __riscv_vnsra_wx_i16m2(__riscv_vwsub_vv_i32m4(a, b, vl), 1, vl);
}

static void split(const rvfw_cpx16 *spectrum, const rvfw_cpx16 *super, int32_t half, rvfw_cpx16 *out)
{
    rvfw_fft16_dc(spectrum, half, out);
    for (int32_t k0 = 1; k0 <= half / 2;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(half / 2 + 1 - k0));
        /* byte offsets of bins half - k, k = k0, k0 + 1, ... */
        const vuint32m4_t mirror = __riscv_vsll_vx_u32m4(
            __riscv_vrsub_vx_u32m4(__riscv_vid_v_u32m4(vl), (uint32_t)(half - k0), vl), 2, vl);
        const cvec fpk = cdiv(unpack(__riscv_vle32_v_u32m4((const uint32_t *)&spectrum[k0], vl), vl), 32767 / 2, vl);
        const cvec mirrored = load(spectrum, mirror, vl);
        const cvec fpnk = cdiv(CVEC(RE(mirrored), __riscv_vneg_v_i16m2(IM(mirrored), vl)), 32767 / 2, vl);
        const cvec f1k = cadd(fpk, fpnk, vl), f2k = csub(fpk, fpnk, vl);
        const cvec t = cmul(f2k, unpack(__riscv_vle32_v_u32m4((const uint32_t *)&super[k0 - 1], vl), vl), vl);
        const cvec lo = CVEC(half_sum(RE(f1k), RE(t), vl), half_sum(IM(f1k), IM(t), vl));
        const cvec hi = CVEC(half_diff(RE(f1k), RE(t), vl), half_diff(IM(t), IM(f1k), vl));
        __riscv_vse32_v_u32m4((uint32_t *)&out[k0], pack(lo, vl), vl);
        store(out, mirror, hi, vl);
        k0 += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_signal_rfft_s16_rvv(const rvfw_signal_rfft_params *p, const int16_t *input, const uint16_t *gather,
                              const int16_t *twiddles, const int16_t *super_twiddles, const int32_t *factors,
                              int8_t *work, int16_t *output)
{
    RVFW_FFT16_FRAMES(p, input, work, twiddles, {
        const uint32_t *words = (const uint32_t *)frame;
        for (int32_t j = 0; j < half;) {
            const size_t vl = __riscv_vsetvl_e32m4((size_t)(half - j));
            const vuint32m4_t v = __riscv_vluxei16_v_u32m4(words, __riscv_vle16_v_u16m2(gather + j, vl), vl);
            __riscv_vse32_v_u32m4((uint32_t *)&spectrum[j], v, vl);
            j += (int32_t)vl;
        }
        for (int32_t d = p->stages - 1; d >= 0; --d) {
            const int32_t groups = rvfw_fft16_groups(factors, d), m = half / groups / factors[d];
            level(spectrum, tw, factors[d], half / factors[d], (uint32_t)__builtin_ctz((uint32_t)m),
                  (uint32_t)__builtin_ctz((uint32_t)groups));
        }
        split(spectrum, (const rvfw_cpx16 *)super_twiddles, half, (rvfw_cpx16 *)(output + f * (p->fft_length + 2)));
    });
}
