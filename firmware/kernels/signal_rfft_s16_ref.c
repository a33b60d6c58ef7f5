/* SPDX-License-Identifier: Apache-2.0 */
/* SignalRfft, int16, reference: the real FFT in kiss_fft's 16-bit fixed point, which TFLite
 * Micro's Signal library runs. The frame (zero-padded to fft_length) is read as fft_length / 2
 * complex values and transformed by a complex FFT of mixed radices 4 and 2, decimation in time,
 * every butterfly dividing its inputs by its radix first (so nothing overflows); then the two
 * interleaved real transforms are split apart with the super twiddles. Products are Q15 with
 * rounding, sums wrap in int16 exactly as kiss_fft's do. */
#include <string.h>

#include "rvfw_kernels.h"

typedef struct {
    int16_t r, i;
} rvfw_cpx16;

/* kiss_fft's sround(): a Q30 product back to Q15, rounded half up. */
static inline int16_t q15_round(int32_t x)
{
    return (int16_t)((x + (1 << 14)) >> 15);
}

/* x / k as kiss_fft divides: times (32767 / k) in Q15. */
static inline void cpx_div(rvfw_cpx16 *c, int32_t k)
{
    const int32_t scale = 32767 / k;
    c->r = q15_round((int32_t)c->r * scale);
    c->i = q15_round((int32_t)c->i * scale);
}

static inline rvfw_cpx16 cpx_mul(rvfw_cpx16 a, rvfw_cpx16 b)
{
    rvfw_cpx16 m;
    m.r = q15_round((int32_t)a.r * b.r - (int32_t)a.i * b.i);
    m.i = q15_round((int32_t)a.r * b.i + (int32_t)a.i * b.r);
    return m;
}

static inline rvfw_cpx16 cpx_add(rvfw_cpx16 a, rvfw_cpx16 b)
{
    rvfw_cpx16 s = {(int16_t)(a.r + b.r), (int16_t)(a.i + b.i)};
    return s;
}

static inline rvfw_cpx16 cpx_sub(rvfw_cpx16 a, rvfw_cpx16 b)
{
    rvfw_cpx16 s = {(int16_t)(a.r - b.r), (int16_t)(a.i - b.i)};
    return s;
}

static void butterfly2(rvfw_cpx16 *out, int32_t m, int32_t fstride, const rvfw_cpx16 *tw)
{
    for (int32_t k = 0; k < m; ++k) {
        cpx_div(&out[k], 2);
        cpx_div(&out[k + m], 2);
        const rvfw_cpx16 t = cpx_mul(out[k + m], tw[k * fstride]);
        out[k + m] = cpx_sub(out[k], t);
        out[k] = cpx_add(out[k], t);
    }
}

static void butterfly4(rvfw_cpx16 *out, int32_t m, int32_t fstride, const rvfw_cpx16 *tw)
{
    for (int32_t k = 0; k < m; ++k) {
        rvfw_cpx16 *f0 = &out[k], *f1 = &out[k + m], *f2 = &out[k + 2 * m], *f3 = &out[k + 3 * m];
        cpx_div(f0, 4);
        cpx_div(f1, 4);
        cpx_div(f2, 4);
        cpx_div(f3, 4);
        const rvfw_cpx16 s0 = cpx_mul(*f1, tw[k * fstride]);
        const rvfw_cpx16 s1 = cpx_mul(*f2, tw[2 * k * fstride]);
        const rvfw_cpx16 s2 = cpx_mul(*f3, tw[3 * k * fstride]);
        const rvfw_cpx16 s5 = cpx_sub(*f0, s1);
        *f0 = cpx_add(*f0, s1);
        const rvfw_cpx16 s3 = cpx_add(s0, s2);
        const rvfw_cpx16 s4 = cpx_sub(s0, s2);
        *f2 = cpx_sub(*f0, s3);
        *f0 = cpx_add(*f0, s3);
        f1->r = (int16_t)(s5.r + s4.i);
        f1->i = (int16_t)(s5.i - s4.r);
        f3->r = (int16_t)(s5.r - s4.i);
        f3->i = (int16_t)(s5.i + s4.r);
    }
}

/* One stage of n points: its p sub-transforms of n / p points (inputs fstride * p apart), then
 * the radix-p butterflies over them. */
static void fft_stage(rvfw_cpx16 *out, const rvfw_cpx16 *in, int32_t n, int32_t fstride, const int32_t *radix,
                      const rvfw_cpx16 *tw)
{
    const int32_t p = radix[0], m = n / p;
    for (int32_t k = 0; k < p; ++k) {
        if (m == 1) {
            out[k] = in[k * fstride];
        } else {
            fft_stage(out + k * m, in + k * fstride, m, fstride * p, radix + 1, tw);
        }
    }
    if (p == 4) {
        butterfly4(out, m, fstride, tw);
    } else {
        butterfly2(out, m, fstride, tw);
    }
}

void rvfw_signal_rfft_s16_ref(const rvfw_signal_rfft_params *p, const int16_t *input, const int16_t *twiddles,
                              const int16_t *super_twiddles, const int32_t *factors, int8_t *work, int16_t *output)
{
    const int32_t half = p->fft_length / 2;
    int16_t *frame = (int16_t *)work;                               /* fft_length samples */
    rvfw_cpx16 *spectrum = (rvfw_cpx16 *)(work + 2 * p->fft_length); /* half complex bins */
    const rvfw_cpx16 *tw = (const rvfw_cpx16 *)twiddles;
    const rvfw_cpx16 *super = (const rvfw_cpx16 *)super_twiddles;
    (void)p->stages;
    for (int32_t f = 0; f < p->frames; ++f) {
        rvfw_cpx16 *out = (rvfw_cpx16 *)(output + f * (p->fft_length + 2));
        memcpy(frame, input + f * p->input_length, sizeof(int16_t) * (size_t)p->input_length);
        memset(frame + p->input_length, 0, sizeof(int16_t) * (size_t)(p->fft_length - p->input_length));
        fft_stage(spectrum, (const rvfw_cpx16 *)frame, half, 1, factors, tw);

        /* DC and Nyquist from the packed transform's bin 0. */
        rvfw_cpx16 dc = spectrum[0];
        cpx_div(&dc, 2);
        out[0].r = (int16_t)(dc.r + dc.i);
        out[half].r = (int16_t)(dc.r - dc.i);
        out[0].i = out[half].i = 0;
        for (int32_t k = 1; k <= half / 2; ++k) {
            rvfw_cpx16 fpk = spectrum[k];
            rvfw_cpx16 fpnk = {spectrum[half - k].r, (int16_t)-spectrum[half - k].i};
            cpx_div(&fpk, 2);
            cpx_div(&fpnk, 2);
            const rvfw_cpx16 f1k = cpx_add(fpk, fpnk);
            const rvfw_cpx16 f2k = cpx_sub(fpk, fpnk);
            const rvfw_cpx16 t = cpx_mul(f2k, super[k - 1]);
            /* halved in int before the int16 store, as kiss_fft's HALF_OF of the promoted sum */
            out[k].r = (int16_t)((f1k.r + t.r) >> 1);
            out[k].i = (int16_t)((f1k.i + t.i) >> 1);
            out[half - k].r = (int16_t)((f1k.r - t.r) >> 1);
            out[half - k].i = (int16_t)((t.i - f1k.i) >> 1);
        }
    }
}
