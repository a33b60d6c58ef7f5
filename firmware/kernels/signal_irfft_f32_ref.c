/* SPDX-License-Identifier: Apache-2.0 */
/* SignalIrfft, float, reference: kiss_fftri as TFLite Micro's Signal library runs it (rvfw_kiss.h):
 * each frame's fft_length / 2 + 1 bins folded into fft_length / 2 complex points, whose inverse
 * complex transform is the fft_length real samples, each divided by fft_length (TFLite Micro's
 * float form undoes kiss_fft's scaling so). */
#include <stddef.h>

#include "rvfw_kernels.h"
#include "rvfw_kiss.h"

RVFW_KISS(f32, float)

RVFW_KERNEL void rvfw_signal_irfft_f32_ref(const rvfw_signal_irfft_params *p, const float *input, const float *twiddles,
                               const float *super_twiddles, const int32_t *factors, int8_t *work, float *output)
{
    const int32_t half = p->fft_length / 2;
    for (int32_t f = 0; f < p->frames; ++f) {
        float *frame = output + (size_t)f * p->fft_length;
        rvfw_kiss_irfft_f32((const rvfw_kiss_cpx_f32 *)(input + (size_t)f * (p->fft_length + 2)), half, factors,
                            (const rvfw_kiss_cpx_f32 *)twiddles, (const rvfw_kiss_cpx_f32 *)super_twiddles,
                            (rvfw_kiss_cpx_f32 *)work, frame);
        for (int32_t i = 0; i < p->fft_length; ++i)
            frame[i] /= (float)p->fft_length;
    }
}
