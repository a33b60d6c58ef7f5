/* SPDX-License-Identifier: Apache-2.0 */
/* SignalRfft, float, reference: kiss_fftr as TFLite Micro's Signal library runs it (rvfw_kiss.h):
 * each frame zero-padded to fft_length, read as fft_length / 2 complex points, transformed, and
 * split into the real transform's fft_length / 2 + 1 bins. */
#include <string.h>

#include "rvfw_kernels.h"
#include "rvfw_kiss.h"

RVFW_KISS(f32, float)

RVFW_KERNEL void rvfw_signal_rfft_f32_ref(const rvfw_signal_rfft_params *p, const float *input, const float *twiddles,
                              const float *super_twiddles, const int32_t *factors, int8_t *work, float *output)
{
    const int32_t half = p->fft_length / 2;
    float *frame = (float *)work;
    rvfw_kiss_cpx_f32 *tmp = (rvfw_kiss_cpx_f32 *)(frame + p->fft_length);
    for (int32_t f = 0; f < p->frames; ++f) {
        memcpy(frame, input + (size_t)f * p->input_length, (size_t)p->input_length * sizeof(float));
        memset(frame + p->input_length, 0, (size_t)(p->fft_length - p->input_length) * sizeof(float));
        rvfw_kiss_rfft_f32(frame, half, factors, (const rvfw_kiss_cpx_f32 *)twiddles,
                           (const rvfw_kiss_cpx_f32 *)super_twiddles, tmp,
                           (rvfw_kiss_cpx_f32 *)(output + (size_t)f * (p->fft_length + 2)));
    }
}
