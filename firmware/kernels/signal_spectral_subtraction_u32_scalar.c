/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBankSpectralSubtraction, uint32, fast scalar: the reference's noise update per
 * channel, two channels a pass (even, then odd: each with its own smoothing, no per-channel
 * select), coefficients in registers, each 64-bit shift (spectral_subtraction_bits, below 32)
 * composed from the two words. Bit-exact with the reference. */
#include "rvfw_kernels.h"

static inline uint32_t rvfw_shr64(uint64_t x, uint32_t shift)
{
    if (shift > 0 && shift < 32)
        return ((uint32_t)x >> shift) | ((uint32_t)(x >> 32) << (32 - shift));
    return (uint32_t)(x >> shift);
}

#define RVFW_SPECTRAL_CHANNEL(i, smoothing, keep)                                                                  \
    do {                                                                                                          \
        const uint32_t in_ = input[i], signal_ = in_ << smoothing_bits;                                           \
        uint32_t noise_ = rvfw_shr64((uint64_t)signal_ * (smoothing) + (uint64_t)noise_estimate[i] * (keep), bits); \
        uint32_t estimate_ = noise_;                                                                              \
        if (estimate_ > signal_) {                                                                                \
            estimate_ = signal_;                                                                                  \
            if (clamping)                                                                                         \
                noise_ = estimate_;                                                                               \
        }                                                                                                         \
        noise_estimate[i] = noise_;                                                                               \
        const uint32_t floor_ = rvfw_shr64((uint64_t)in_ * min_remaining, bits);                                  \
        const uint32_t subtracted_ = (signal_ - estimate_) >> smoothing_bits;                                     \
        output[i] = subtracted_ > floor_ ? subtracted_ : floor_;                                                  \
        noise_estimate_out[i] = noise_;                                                                           \
    } while (0)

RVFW_KERNEL void rvfw_signal_spectral_subtraction_u32_scalar(const rvfw_signal_spectral_params *p, const uint32_t *input,
                                                 uint32_t *noise_estimate, uint32_t *output,
                                                 uint32_t *noise_estimate_out)
{
    const int32_t channels = p->channels, clamping = p->clamping;
    const uint32_t smoothing = p->smoothing, keep = p->one_minus_smoothing;
    const uint32_t alt_smoothing = p->alternate_smoothing, alt_keep = p->alternate_one_minus_smoothing;
    const uint32_t min_remaining = p->min_signal_remaining, smoothing_bits = p->smoothing_bits;
    const uint32_t bits = p->spectral_subtraction_bits;
    int32_t i = 0;
    for (; i + 1 < channels; i += 2) {
        RVFW_SPECTRAL_CHANNEL(i, smoothing, keep);
        RVFW_SPECTRAL_CHANNEL(i + 1, alt_smoothing, alt_keep);
    }
    if (i < channels)
        RVFW_SPECTRAL_CHANNEL(i, smoothing, keep);
}
