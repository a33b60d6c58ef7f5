/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBank, uint32 energies in, uint64 channels out, reference. Each bin's energy feeds
 * two neighbouring triangular filters: times its weight into the channel whose band it starts,
 * times its unweight (1 - weight) into the next. As in TFLite Micro, channel i's band is read
 * once and both sums are kept; the unweighted one becomes channel i + 1's start. There are
 * size + 1 bands: band 0 only seeds channel 0's sum. Weights are int16 widened as C widens them
 * to uint64 (a negative weight wraps). */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_filter_bank_u32_ref(const rvfw_signal_params *p, const uint32_t *input, const int16_t *weights,
                                     const int16_t *unweights, const int16_t *freq_starts,
                                     const int16_t *weight_starts, const int16_t *widths, uint64_t *output)
{
    uint64_t weighted = 0, unweighted = 0;
    for (int32_t band = 0; band <= p->size; ++band) {
        const int32_t freq = freq_starts[band], weight = weight_starts[band];
        for (int32_t j = 0; j < widths[band]; ++j) {
            const uint64_t energy = input[freq + j];
            weighted += (uint64_t)(int64_t)weights[weight + j] * energy;
            unweighted += (uint64_t)(int64_t)unweights[weight + j] * energy;
        }
        if (band > 0) {
            output[band - 1] = weighted;
        }
        weighted = unweighted;
        unweighted = 0;
    }
}
