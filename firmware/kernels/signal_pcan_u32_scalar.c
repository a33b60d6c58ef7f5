/* SPDX-License-Identifier: Apache-2.0 */
/* SignalPCAN, uint32, fast scalar: the reference's gain (rvfw_signal_pcan_gain) and shrink per
 * channel, the signal-times-gain product as one 32 x 32 -> 64-bit multiply whose shift (snr_shift,
 * below 32 in every front end) reads the two words once, with the reference's 64-bit shift for
 * the rest. Bit-exact with the reference. */
#include "rvfw_signal.h"

enum { SNR_BITS = 12, OUTPUT_BITS = 6 };

RVFW_KERNEL void rvfw_signal_pcan_u32_scalar(const rvfw_signal_pcan_params *p, const uint32_t *input,
                                 const uint32_t *noise_estimate, const int16_t *gain_lut, uint32_t *output)
{
    const int32_t channels = p->channels, shift = p->snr_shift;
    for (int32_t i = 0; i < channels; ++i) {
        const uint64_t product = (uint64_t)input[i] * (uint32_t)(int32_t)rvfw_signal_pcan_gain(noise_estimate[i], gain_lut);
        uint32_t snr;
        if (shift > 0 && shift < 32)
            snr = ((uint32_t)product >> shift) | ((uint32_t)(product >> 32) << (32 - shift));
        else
            snr = (uint32_t)(product >> shift);
        output[i] = snr < (2u << SNR_BITS) ? (snr * snr) >> (2 + 2 * SNR_BITS - OUTPUT_BITS)
                                           : (snr >> (SNR_BITS - OUTPUT_BITS)) - (1u << OUTPUT_BITS);
    }
}
