/* SPDX-License-Identifier: Apache-2.0 */
/* kiss_fft as TFLite Micro's Signal library runs it for SignalRfft and SignalIrfft in float32 and
 * 32-bit fixed point, and for SignalIrfft in 16-bit fixed point (SignalRfft int16 is rvfw_fft16.h's
 * faster split of the same arithmetic): the complex FFT of mixed radices 4 and 2, decimation in
 * time, recursively (each stage's sub-transforms, then its butterflies), forward or inverse, and
 * the real transforms' splits (kiss_fftr, kiss_fftri). One body per scalar type, RVFW_KISS(S, T),
 * over that type's arithmetic:
 *   f32: float operations as written (no fused multiply-add), C_FIXDIV a no-op, HALF_OF x * 0.5f;
 *   s32: Q31, products in int64 rounded half up (sround), C_FIXDIV multiplying by
 *        (2^31 - 1) / k, sums wrapping in int32, HALF_OF an arithmetic shift;
 *   s16: Q15 as rvfw_fft16.h (sums promoted to int, then stored as int16). */
#ifndef RVFW_KISS_H
#define RVFW_KISS_H

#include <stdint.h>

/* float32 */
typedef struct {
    float r, i;
} rvfw_kiss_cpx_f32;
static inline float rvfw_kiss_add_f32(float a, float b) { return a + b; }
static inline float rvfw_kiss_sub_f32(float a, float b) { return a - b; }
static inline float rvfw_kiss_neg_f32(float a) { return a * -1.0f; } /* kiss_fftri's *= -1 */
static inline float rvfw_kiss_minus_f32(float a) { return -a; }        /* kiss_fftr's unary minus */
static inline float rvfw_kiss_half_add_f32(float a, float b) { return (a + b) * 0.5f; }
static inline float rvfw_kiss_half_sub_f32(float a, float b) { return (a - b) * 0.5f; }
static inline void rvfw_kiss_div_f32(rvfw_kiss_cpx_f32 *c, int32_t k) { (void)c, (void)k; }
static inline rvfw_kiss_cpx_f32 rvfw_kiss_mul_f32(rvfw_kiss_cpx_f32 a, rvfw_kiss_cpx_f32 b)
{
    rvfw_kiss_cpx_f32 m;
    m.r = a.r * b.r - a.i * b.i;
    m.i = a.r * b.i + a.i * b.r;
    return m;
}

/* Q31 */
typedef struct {
    int32_t r, i;
} rvfw_kiss_cpx_s32;
static inline int32_t rvfw_kiss_round_s32(int64_t x) { return (int32_t)((x + (1LL << 30)) >> 31); }
static inline int32_t rvfw_kiss_add_s32(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }
static inline int32_t rvfw_kiss_sub_s32(int32_t a, int32_t b) { return (int32_t)((uint32_t)a - (uint32_t)b); }
static inline int32_t rvfw_kiss_neg_s32(int32_t a) { return (int32_t)(0u - (uint32_t)a); }
static inline int32_t rvfw_kiss_minus_s32(int32_t a) { return rvfw_kiss_neg_s32(a); }
static inline int32_t rvfw_kiss_half_add_s32(int32_t a, int32_t b) { return rvfw_kiss_add_s32(a, b) >> 1; }
static inline int32_t rvfw_kiss_half_sub_s32(int32_t a, int32_t b) { return rvfw_kiss_sub_s32(a, b) >> 1; }
static inline void rvfw_kiss_div_s32(rvfw_kiss_cpx_s32 *c, int32_t k)
{
    const int64_t scale = 2147483647 / k;
    c->r = rvfw_kiss_round_s32(c->r * scale);
    c->i = rvfw_kiss_round_s32(c->i * scale);
}
static inline rvfw_kiss_cpx_s32 rvfw_kiss_mul_s32(rvfw_kiss_cpx_s32 a, rvfw_kiss_cpx_s32 b)
{
    rvfw_kiss_cpx_s32 m;
    m.r = rvfw_kiss_round_s32((int64_t)a.r * b.r - (int64_t)a.i * b.i);
    m.i = rvfw_kiss_round_s32((int64_t)a.r * b.i + (int64_t)a.i * b.r);
    return m;
}

/* Q15 */
typedef struct {
    int16_t r, i;
} rvfw_kiss_cpx_s16;
static inline int16_t rvfw_kiss_round_s16(int32_t x) { return (int16_t)((x + (1 << 14)) >> 15); }
static inline int16_t rvfw_kiss_add_s16(int16_t a, int16_t b) { return (int16_t)(a + b); }
static inline int16_t rvfw_kiss_sub_s16(int16_t a, int16_t b) { return (int16_t)(a - b); }
static inline int16_t rvfw_kiss_neg_s16(int16_t a) { return (int16_t)(a * -1); }
static inline int16_t rvfw_kiss_minus_s16(int16_t a) { return (int16_t)-a; }
static inline int16_t rvfw_kiss_half_add_s16(int16_t a, int16_t b) { return (int16_t)((a + b) >> 1); }
static inline int16_t rvfw_kiss_half_sub_s16(int16_t a, int16_t b) { return (int16_t)((a - b) >> 1); }
static inline void rvfw_kiss_div_s16(rvfw_kiss_cpx_s16 *c, int32_t k)
{
    const int32_t scale = 32767 / k;
    c->r = rvfw_kiss_round_s16((int32_t)c->r * scale);
    c->i = rvfw_kiss_round_s16((int32_t)c->i * scale);
}
static inline rvfw_kiss_cpx_s16 rvfw_kiss_mul_s16(rvfw_kiss_cpx_s16 a, rvfw_kiss_cpx_s16 b)
{
    rvfw_kiss_cpx_s16 m;
    m.r = rvfw_kiss_round_s16((int32_t)a.r * b.r - (int32_t)a.i * b.i);
    m.i = rvfw_kiss_round_s16((int32_t)a.r * b.i + (int32_t)a.i * b.r);
    return m;
}

/* The body for scalar type S (suffix) and T (C type): the complex transform (stage), the real
 * transform from a frame (rfft) and the real frame from its spectrum (irfft). */
#define RVFW_KISS(S, T)                                                                                            \
    static inline rvfw_kiss_cpx_##S rvfw_kiss_cadd_##S(rvfw_kiss_cpx_##S a, rvfw_kiss_cpx_##S b)                 \
    {                                                                                                             \
        rvfw_kiss_cpx_##S s = {rvfw_kiss_add_##S(a.r, b.r), rvfw_kiss_add_##S(a.i, b.i)};                         \
        return s;                                                                                                 \
    }                                                                                                             \
    static inline rvfw_kiss_cpx_##S rvfw_kiss_csub_##S(rvfw_kiss_cpx_##S a, rvfw_kiss_cpx_##S b)                 \
    {                                                                                                             \
        rvfw_kiss_cpx_##S s = {rvfw_kiss_sub_##S(a.r, b.r), rvfw_kiss_sub_##S(a.i, b.i)};                         \
        return s;                                                                                                 \
    }                                                                                                             \
    /* m radix-2 butterflies over out[k], out[k + m]; twiddle k * fstride. */                                     \
    static inline void rvfw_kiss_bfly2_##S(rvfw_kiss_cpx_##S *out, int32_t m, int32_t fstride, const rvfw_kiss_cpx_##S *tw) \
    {                                                                                                             \
        for (int32_t k = 0; k < m; ++k) {                                                                         \
            rvfw_kiss_div_##S(&out[k], 2);                                                                        \
            rvfw_kiss_div_##S(&out[k + m], 2);                                                                    \
            const rvfw_kiss_cpx_##S t = rvfw_kiss_mul_##S(out[k + m], tw[k * fstride]);                          \
            out[k + m] = rvfw_kiss_csub_##S(out[k], t);                                                           \
            out[k] = rvfw_kiss_cadd_##S(out[k], t);                                                               \
        }                                                                                                         \
    }                                                                                                             \
    /* m radix-4 butterflies over out[k + q m]; the inverse turns the other way. */                              \
    static inline void rvfw_kiss_bfly4_##S(rvfw_kiss_cpx_##S *out, int32_t m, int32_t fstride, const rvfw_kiss_cpx_##S *tw, \
                                    int inverse)                                                                  \
    {                                                                                                             \
        for (int32_t k = 0; k < m; ++k) {                                                                         \
            rvfw_kiss_cpx_##S *f0 = &out[k], *f1 = &out[k + m], *f2 = &out[k + 2 * m], *f3 = &out[k + 3 * m];    \
            rvfw_kiss_div_##S(f0, 4);                                                                             \
            rvfw_kiss_div_##S(f1, 4);                                                                             \
            rvfw_kiss_div_##S(f2, 4);                                                                             \
            rvfw_kiss_div_##S(f3, 4);                                                                             \
            const rvfw_kiss_cpx_##S s0 = rvfw_kiss_mul_##S(*f1, tw[k * fstride]);                                \
            const rvfw_kiss_cpx_##S s1 = rvfw_kiss_mul_##S(*f2, tw[2 * k * fstride]);                            \
            const rvfw_kiss_cpx_##S s2 = rvfw_kiss_mul_##S(*f3, tw[3 * k * fstride]);                            \
            const rvfw_kiss_cpx_##S s5 = rvfw_kiss_csub_##S(*f0, s1);                                            \
            *f0 = rvfw_kiss_cadd_##S(*f0, s1);                                                                    \
            const rvfw_kiss_cpx_##S s3 = rvfw_kiss_cadd_##S(s0, s2);                                             \
            const rvfw_kiss_cpx_##S s4 = rvfw_kiss_csub_##S(s0, s2);                                             \
            *f2 = rvfw_kiss_csub_##S(*f0, s3);                                                                    \
            *f0 = rvfw_kiss_cadd_##S(*f0, s3);                                                                    \
            if (inverse) {                                                                                        \
                f1->r = rvfw_kiss_sub_##S(s5.r, s4.i);                                                            \
                f1->i = rvfw_kiss_add_##S(s5.i, s4.r);                                                            \
                f3->r = rvfw_kiss_add_##S(s5.r, s4.i);                                                            \
                f3->i = rvfw_kiss_sub_##S(s5.i, s4.r);                                                            \
            } else {                                                                                              \
                f1->r = rvfw_kiss_add_##S(s5.r, s4.i);                                                            \
                f1->i = rvfw_kiss_sub_##S(s5.i, s4.r);                                                            \
                f3->r = rvfw_kiss_sub_##S(s5.r, s4.i);                                                            \
                f3->i = rvfw_kiss_add_##S(s5.i, s4.r);                                                            \
            }                                                                                                     \
        }                                                                                                         \
    }                                                                                                             \
    /* One stage of n points: its sub-transforms (inputs fstride * radix apart), then its butterflies. */        \
    static inline void rvfw_kiss_stage_##S(rvfw_kiss_cpx_##S *out, const rvfw_kiss_cpx_##S *in, int32_t n, int32_t fstride, \
                                    const int32_t *radix, const rvfw_kiss_cpx_##S *tw, int inverse)               \
    {                                                                                                             \
        const int32_t p = radix[0], m = n / p;                                                                    \
        for (int32_t k = 0; k < p; ++k) {                                                                         \
            if (m == 1)                                                                                           \
                out[k] = in[k * fstride];                                                                         \
            else                                                                                                  \
                rvfw_kiss_stage_##S(out + k * m, in + k * fstride, m, fstride * p, radix + 1, tw, inverse);       \
        }                                                                                                         \
        if (p == 4)                                                                                               \
            rvfw_kiss_bfly4_##S(out, m, fstride, tw, inverse);                                                    \
        else                                                                                                      \
            rvfw_kiss_bfly2_##S(out, m, fstride, tw);                                                             \
    }                                                                                                             \
    /* kiss_fftr: the real frame (half complex points) to its half + 1 bins, through tmp. */                     \
    static inline void rvfw_kiss_rfft_##S(const T *frame, int32_t half, const int32_t *factors,                          \
                                   const rvfw_kiss_cpx_##S *tw, const rvfw_kiss_cpx_##S *super,                   \
                                   rvfw_kiss_cpx_##S *tmp, rvfw_kiss_cpx_##S *out)                                \
    {                                                                                                             \
        rvfw_kiss_stage_##S(tmp, (const rvfw_kiss_cpx_##S *)frame, half, 1, factors, tw, 0);                     \
        rvfw_kiss_cpx_##S dc = tmp[0];                                                                            \
        rvfw_kiss_div_##S(&dc, 2);                                                                                \
        out[0].r = rvfw_kiss_add_##S(dc.r, dc.i);                                                                 \
        out[half].r = rvfw_kiss_sub_##S(dc.r, dc.i);                                                              \
        out[0].i = out[half].i = 0;                                                                               \
        for (int32_t k = 1; k <= half / 2; ++k) {                                                                 \
            rvfw_kiss_cpx_##S fpk = tmp[k];                                                                       \
            rvfw_kiss_cpx_##S fpnk = {tmp[half - k].r, rvfw_kiss_minus_##S(tmp[half - k].i)};                    \
            rvfw_kiss_div_##S(&fpk, 2);                                                                           \
            rvfw_kiss_div_##S(&fpnk, 2);                                                                          \
            const rvfw_kiss_cpx_##S f1k = rvfw_kiss_cadd_##S(fpk, fpnk);                                         \
            const rvfw_kiss_cpx_##S f2k = rvfw_kiss_csub_##S(fpk, fpnk);                                         \
            const rvfw_kiss_cpx_##S t = rvfw_kiss_mul_##S(f2k, super[k - 1]);                                    \
            out[k].r = rvfw_kiss_half_add_##S(f1k.r, t.r);                                                        \
            out[k].i = rvfw_kiss_half_add_##S(f1k.i, t.i);                                                        \
            out[half - k].r = rvfw_kiss_half_sub_##S(f1k.r, t.r);                                                 \
            out[half - k].i = rvfw_kiss_half_sub_##S(t.i, f1k.i);                                                 \
        }                                                                                                         \
    }                                                                                                             \
    /* kiss_fftri: half + 1 bins to the real frame (written as half complex points), through tmp. */             \
    static inline void rvfw_kiss_irfft_##S(const rvfw_kiss_cpx_##S *in, int32_t half, const int32_t *factors,            \
                                    const rvfw_kiss_cpx_##S *tw, const rvfw_kiss_cpx_##S *super,                  \
                                    rvfw_kiss_cpx_##S *tmp, T *frame)                                             \
    {                                                                                                             \
        tmp[0].r = rvfw_kiss_add_##S(in[0].r, in[half].r);                                                        \
        tmp[0].i = rvfw_kiss_sub_##S(in[0].r, in[half].r);                                                        \
        rvfw_kiss_div_##S(&tmp[0], 2);                                                                            \
        for (int32_t k = 1; k <= half / 2; ++k) {                                                                 \
            rvfw_kiss_cpx_##S fk = in[k];                                                                         \
            rvfw_kiss_cpx_##S fnkc = {in[half - k].r, rvfw_kiss_minus_##S(in[half - k].i)};                      \
            rvfw_kiss_div_##S(&fk, 2);                                                                            \
            rvfw_kiss_div_##S(&fnkc, 2);                                                                          \
            const rvfw_kiss_cpx_##S fek = rvfw_kiss_cadd_##S(fk, fnkc);                                          \
            const rvfw_kiss_cpx_##S fok = rvfw_kiss_mul_##S(rvfw_kiss_csub_##S(fk, fnkc), super[k - 1]);         \
            tmp[k] = rvfw_kiss_cadd_##S(fek, fok);                                                                \
            tmp[half - k] = rvfw_kiss_csub_##S(fek, fok);                                                         \
            tmp[half - k].i = rvfw_kiss_neg_##S(tmp[half - k].i);                                                 \
        }                                                                                                         \
        rvfw_kiss_stage_##S((rvfw_kiss_cpx_##S *)frame, tmp, half, 1, factors, tw, 1);                            \
    }

#endif
