/* SPDX-License-Identifier: Apache-2.0 */
/* SignalRfft, int16, reference: the real FFT in kiss_fft's 16-bit fixed point, which TFLite
 * Micro's Signal library runs, computed as kiss_fft computes it. The frame (zero-padded to
 * fft_length) is read as fft_length / 2 complex values and transformed by a complex FFT of mixed
 * radices 4 and 2, decimation in time, recursively (each stage's sub-transforms first, then its
 * butterflies: rvfw_fft16.h); then the two interleaved real transforms are split apart. */
#include "rvfw_fft16.h"

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
        rvfw_fft16_butterfly4(out, m, fstride, tw);
    } else {
        rvfw_fft16_butterfly2(out, m, fstride, tw);
    }
}

RVFW_KERNEL void rvfw_signal_rfft_s16_ref(const rvfw_signal_rfft_params *p, const int16_t *input, const int16_t *twiddles,
                              const int16_t *super_twiddles, const int32_t *factors, int8_t *work, int16_t *output)
{
    const int32_t half = p->fft_length / 2;
    rvfw_cpx16 *spectrum = (rvfw_cpx16 *)(work + 2 * p->fft_length); /* after the frame */
    for (int32_t f = 0; f < p->frames; ++f) {
        const int16_t *frame = rvfw_fft16_frame(p, input, f, work);
        fft_stage(spectrum, (const rvfw_cpx16 *)frame, half, 1, factors, (const rvfw_cpx16 *)twiddles);
        rvfw_fft16_split(spectrum, (const rvfw_cpx16 *)super_twiddles, half,
                         (rvfw_cpx16 *)(output + f * (p->fft_length + 2)));
    }
}
