/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBankSpectralSubtraction, uint32, reference. Per channel, the noise estimate (state,
 * reset to 0) follows the signal through a one-pole low-pass filter (even channels with
 * `smoothing`, odd ones with `alternate_smoothing`), in smoothing_bits more fractional bits; the
 * output is the signal minus the estimate, never below min_signal_remaining of the signal. With
 * clamping, an estimate above the signal is pulled down to it. The second output is a copy of
 * the updated estimate (what SignalPCAN reads). All in TFLite Micro's uint32 / uint64 widths. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_spectral_subtraction_u32_ref(const rvfw_signal_spectral_params *p, const uint32_t *input,
                                              uint32_t *noise_estimate, uint32_t *output,
                                              uint32_t *noise_estimate_out)
{
    for (int32_t i = 0; i < p->channels; ++i) {
        const uint32_t smoothing = (i & 1) ? p->alternate_smoothing : p->smoothing;
        const uint32_t keep = (i & 1) ? p->alternate_one_minus_smoothing : p->one_minus_smoothing;
        const uint32_t signal = input[i] << p->smoothing_bits;
        noise_estimate[i] = (uint32_t)(((uint64_t)signal * smoothing + (uint64_t)noise_estimate[i] * keep) >>
                                       p->spectral_subtraction_bits);
        uint32_t estimate = noise_estimate[i];
        if (estimate > signal) {
            estimate = signal;
            if (p->clamping) {
                noise_estimate[i] = estimate;
            }
        }
        const uint32_t floor = (uint32_t)(((uint64_t)input[i] * p->min_signal_remaining) >>
                                          p->spectral_subtraction_bits);
        const uint32_t subtracted = (signal - estimate) >> p->smoothing_bits;
        output[i] = subtracted > floor ? subtracted : floor;
        noise_estimate_out[i] = noise_estimate[i];
    }
}
