/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBank, uint32 energies in, uint64 channels out, fast scalar: the reference's sums,
 * each product formed as the signed 64-bit product of the int16 weight and the energy (equal
 * modulo 2^64 to the reference's weight widened to uint64 times the energy, and one mul + mulh on
 * a 32-bit core instead of a 64 x 64 multiply). Bit-exact with the reference. */
#include "rvfw_kernels.h"

void rvfw_signal_filter_bank_u32_scalar(const rvfw_signal_params *p, const uint32_t *input, const int16_t *weights,
                                        const int16_t *unweights, const int16_t *freq_starts,
                                        const int16_t *weight_starts, const int16_t *widths, uint64_t *output)
{
    uint64_t weighted = 0, unweighted = 0;
    for (int32_t band = 0; band <= p->size; ++band) {
        const uint32_t *energy = input + freq_starts[band];
        const int16_t *w = weights + weight_starts[band], *u = unweights + weight_starts[band];
        for (int32_t j = 0; j < widths[band]; ++j) {
            const int64_t e = (int64_t)energy[j];
            weighted += (uint64_t)((int64_t)w[j] * e);
            unweighted += (uint64_t)((int64_t)u[j] * e);
        }
        if (band > 0) {
            output[band - 1] = weighted;
        }
        weighted = unweighted;
        unweighted = 0;
    }
}
