/* SPDX-License-Identifier: Apache-2.0 */
/* SignalPCAN, uint32, reference: per-channel energy normalisation. The gain comes from the noise
 * estimate through a piecewise quadratic read from gain_lut (three coefficients per power of two
 * of the estimate, interpolated over its next 10 bits); signal times gain, shifted right by
 * snr_shift, is the SNR in 12 fractional bits, and the output is shrink(SNR) in 6: SNR^2 / 4
 * below 2, SNR - 1 above. Arithmetic in TFLite Micro's int32 / uint32 / uint64 widths. */
#include "rvfw_signal.h"

enum { SNR_BITS = 12, OUTPUT_BITS = 6 };

static uint32_t shrink(uint32_t x)
{
    if (x < (2u << SNR_BITS)) {
        return (x * x) >> (2 + 2 * SNR_BITS - OUTPUT_BITS);
    }
    return (x >> (SNR_BITS - OUTPUT_BITS)) - (1u << OUTPUT_BITS);
}

RVFW_KERNEL void rvfw_signal_pcan_u32_ref(const rvfw_signal_pcan_params *p, const uint32_t *input,
                              const uint32_t *noise_estimate, const int16_t *gain_lut, uint32_t *output)
{
    for (int32_t i = 0; i < p->channels; ++i) {
        const uint32_t g = (uint32_t)(int32_t)rvfw_signal_pcan_gain(noise_estimate[i], gain_lut);
        const uint32_t snr = (uint32_t)(((uint64_t)input[i] * g) >> p->snr_shift);
        output[i] = shrink(snr);
    }
}
