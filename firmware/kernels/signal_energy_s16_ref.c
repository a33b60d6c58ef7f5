/* SPDX-License-Identifier: Apache-2.0 */
/* SignalEnergy, int16 complex in, uint32 out, reference: re^2 + im^2 (in int32) of the bins in
 * [start, end). TFLite Micro leaves the other outputs as its arena held them; rvfw writes 0 there,
 * so the output never depends on what ran before. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_energy_s16_ref(const rvfw_signal_energy_params *p, const int16_t *input, uint32_t *output)
{
    for (int32_t i = 0; i < p->size; ++i) {
        if (i < p->start || i >= p->end) {
            output[i] = 0;
            continue;
        }
        const int32_t re = input[2 * i], im = input[2 * i + 1];
        output[i] = (uint32_t)(re * re + im * im);
    }
}
