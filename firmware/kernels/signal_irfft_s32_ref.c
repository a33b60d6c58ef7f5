/* SPDX-License-Identifier: Apache-2.0 */
/* SignalIrfft, int32_t, reference: kiss_fftri as TFLite Micro's Signal library runs it (rvfw_kiss.h):
 * each frame's fft_length / 2 + 1 bins folded into fft_length / 2 complex points, whose inverse
 * complex transform is the fft_length real samples. */
#include <stddef.h>

#include "rvfw_kernels.h"
#include "rvfw_kiss.h"

RVFW_KISS(s32, int32_t)

RVFW_KERNEL void rvfw_signal_irfft_s32_ref(const rvfw_signal_irfft_params *p, const int32_t *input, const int32_t *twiddles,
                               const int32_t *super_twiddles, const int32_t *factors, int8_t *work, int32_t *output)
{
    const int32_t half = p->fft_length / 2;
    for (int32_t f = 0; f < p->frames; ++f)
        rvfw_kiss_irfft_s32((const rvfw_kiss_cpx_s32 *)(input + (size_t)f * (p->fft_length + 2)), half, factors,
                            (const rvfw_kiss_cpx_s32 *)twiddles, (const rvfw_kiss_cpx_s32 *)super_twiddles,
                            (rvfw_kiss_cpx_s32 *)work, output + (size_t)f * p->fft_length);
}
