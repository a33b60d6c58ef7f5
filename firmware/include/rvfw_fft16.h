/* SPDX-License-Identifier: Apache-2.0 */
/* kiss_fft's 16-bit fixed point, which TFLite Micro's Signal library runs for SignalRfft: the
 * complex type, its Q15 arithmetic (products rounded half up, sums wrapping in int16), the radix-2
 * and radix-4 butterflies (each divides its inputs by its radix first, so nothing overflows) and
 * the split of the packed half-length transform into the real transform's bins (kiss_fftr). The
 * reference and the fast scalar SignalRfft kernels run these one butterfly at a time. */
#ifndef RVFW_FFT16_H
#define RVFW_FFT16_H

#include "rvfw_kernels.h"

typedef struct {
    int16_t r, i;
} rvfw_cpx16;

/* kiss_fft's sround(): a Q30 product back to Q15, rounded half up, stored as int16. */
static inline int16_t rvfw_q15_round(int32_t x)
{
    return (int16_t)((x + (1 << 14)) >> 15);
}

/* x / k as kiss_fft divides: times (32767 / k) in Q15. */
static inline void rvfw_cpx_div(rvfw_cpx16 *c, int32_t k)
{
    const int32_t scale = 32767 / k;
    c->r = rvfw_q15_round((int32_t)c->r * scale);
    c->i = rvfw_q15_round((int32_t)c->i * scale);
}

static inline rvfw_cpx16 rvfw_cpx_mul(rvfw_cpx16 a, rvfw_cpx16 b)
{
    rvfw_cpx16 m;
    m.r = rvfw_q15_round((int32_t)a.r * b.r - (int32_t)a.i * b.i);
    m.i = rvfw_q15_round((int32_t)a.r * b.i + (int32_t)a.i * b.r);
    return m;
}

static inline rvfw_cpx16 rvfw_cpx_add(rvfw_cpx16 a, rvfw_cpx16 b)
{
    rvfw_cpx16 s = {(int16_t)(a.r + b.r), (int16_t)(a.i + b.i)};
    return s;
}

static inline rvfw_cpx16 rvfw_cpx_sub(rvfw_cpx16 a, rvfw_cpx16 b)
{
    rvfw_cpx16 s = {(int16_t)(a.r - b.r), (int16_t)(a.i - b.i)};
    return s;
}

/* m radix-2 butterflies over out[k], out[k + m]; twiddle k * fstride. */
static inline void rvfw_fft16_butterfly2(rvfw_cpx16 *out, int32_t m, int32_t fstride, const rvfw_cpx16 *tw)
{
    for (int32_t k = 0; k < m; ++k) {
        rvfw_cpx_div(&out[k], 2);
        rvfw_cpx_div(&out[k + m], 2);
        const rvfw_cpx16 t = rvfw_cpx_mul(out[k + m], tw[k * fstride]);
        out[k + m] = rvfw_cpx_sub(out[k], t);
        out[k] = rvfw_cpx_add(out[k], t);
    }
}

/* m forward radix-4 butterflies over out[k + q m], q = 0..3; twiddles q k fstride. */
static inline void rvfw_fft16_butterfly4(rvfw_cpx16 *out, int32_t m, int32_t fstride, const rvfw_cpx16 *tw)
{
    for (int32_t k = 0; k < m; ++k) {
        rvfw_cpx16 *f0 = &out[k], *f1 = &out[k + m], *f2 = &out[k + 2 * m], *f3 = &out[k + 3 * m];
        rvfw_cpx_div(f0, 4);
        rvfw_cpx_div(f1, 4);
        rvfw_cpx_div(f2, 4);
        rvfw_cpx_div(f3, 4);
        const rvfw_cpx16 s0 = rvfw_cpx_mul(*f1, tw[k * fstride]);
        const rvfw_cpx16 s1 = rvfw_cpx_mul(*f2, tw[2 * k * fstride]);
        const rvfw_cpx16 s2 = rvfw_cpx_mul(*f3, tw[3 * k * fstride]);
        const rvfw_cpx16 s5 = rvfw_cpx_sub(*f0, s1);
        *f0 = rvfw_cpx_add(*f0, s1);
        const rvfw_cpx16 s3 = rvfw_cpx_add(s0, s2);
        const rvfw_cpx16 s4 = rvfw_cpx_sub(s0, s2);
        *f2 = rvfw_cpx_sub(*f0, s3);
        *f0 = rvfw_cpx_add(*f0, s3);
        f1->r = (int16_t)(s5.r + s4.i);
        f1->i = (int16_t)(s5.i - s4.r);
        f3->r = (int16_t)(s5.r - s4.i);
        f3->i = (int16_t)(s5.i + s4.r);
    }
}

/* The real transform's half + 1 bins from the packed transform of the frame's even and odd
 * samples: DC and Nyquist from bin 0, then each pair k, half - k through the super twiddles,
 * halved in int before the int16 store (kiss_fft's HALF_OF of the promoted sum). */
/* DC and Nyquist, the real transform's bins 0 and half, from the packed transform's bin 0. */
static inline void rvfw_fft16_dc(const rvfw_cpx16 *spectrum, int32_t half, rvfw_cpx16 *out)
{
    rvfw_cpx16 dc = spectrum[0];
    rvfw_cpx_div(&dc, 2);
    out[0].r = (int16_t)(dc.r + dc.i);
    out[half].r = (int16_t)(dc.r - dc.i);
    out[0].i = out[half].i = 0;
}

static inline void rvfw_fft16_split(const rvfw_cpx16 *spectrum, const rvfw_cpx16 *super, int32_t half,
                                    rvfw_cpx16 *out)
{
    rvfw_fft16_dc(spectrum, half, out);
    for (int32_t k = 1; k <= half / 2; ++k) {
        rvfw_cpx16 fpk = spectrum[k];
        rvfw_cpx16 fpnk = {spectrum[half - k].r, (int16_t)-spectrum[half - k].i};
        rvfw_cpx_div(&fpk, 2);
        rvfw_cpx_div(&fpnk, 2);
        const rvfw_cpx16 f1k = rvfw_cpx_add(fpk, fpnk);
        const rvfw_cpx16 f2k = rvfw_cpx_sub(fpk, fpnk);
        const rvfw_cpx16 t = rvfw_cpx_mul(f2k, super[k - 1]);
        out[k].r = (int16_t)((f1k.r + t.r) >> 1);
        out[k].i = (int16_t)((f1k.i + t.i) >> 1);
        out[half - k].r = (int16_t)((f1k.r - t.r) >> 1);
        out[half - k].i = (int16_t)((t.i - f1k.i) >> 1);
    }
}

/* The fast kernels run the recursion's stages level by level, the deepest first: level d (0: the
 * last stage, over the whole spectrum) has one group per product of the radices above it, each
 * group spanning half / groups points (twiddles `groups` apart). */
static inline int32_t rvfw_fft16_groups(const int32_t *factors, int32_t d)
{
    int32_t groups = 1;
    for (int32_t k = 0; k < d; ++k) {
        groups *= factors[k];
    }
    return groups;
}

/* The zero-padded frame f of p's input, as fft_length int16 samples in work (the builtins: the
 * vector kernels are compiled without the C library's headers). */
static inline int16_t *rvfw_fft16_frame(const rvfw_signal_rfft_params *p, const int16_t *input, int32_t f,
                                        int8_t *work)
{
    int16_t *frame = (int16_t *)work;
    __builtin_memcpy(frame, input + f * p->input_length, sizeof(int16_t) * (__SIZE_TYPE__)p->input_length);
    __builtin_memset(frame + p->input_length, 0, sizeof(int16_t) * (__SIZE_TYPE__)(p->fft_length - p->input_length));
    return frame;
}

/* The int16 RFFT kernels' frame loop: per frame f, the body (variadic) runs with `frame` (the
 * frame zero-padded to fft_length in work), `spectrum` (after it in work), `tw` (the twiddles as
 * complex values) and `half` (fft_length / 2). */
#define RVFW_FFT16_FRAMES(p, input, work, twiddles, ...)                                                           \
    do {                                                                                                          \
        const int32_t half = (p)->fft_length / 2;                                                                 \
        rvfw_cpx16 *spectrum = (rvfw_cpx16 *)((work) + 2 * (p)->fft_length);                                      \
        const rvfw_cpx16 *tw = (const rvfw_cpx16 *)(twiddles);                                                    \
        for (int32_t f = 0; f < (p)->frames; ++f) {                                                               \
            const int16_t *frame = rvfw_fft16_frame(p, input, f, work);                                           \
            __VA_ARGS__                                                                                           \
        }                                                                                                         \
    } while (0)

#endif
