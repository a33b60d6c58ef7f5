/* SPDX-License-Identifier: Apache-2.0 */
/* SignalEnergy, int16 complex in, uint32 out, fast scalar: re^2 + im^2 over [start, end) with no
 * per-bin range test, zeros outside it. Bit-exact with the reference. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_energy_s16_scalar(const rvfw_signal_energy_params *p, const int16_t *input, uint32_t *output)
{
    const int32_t size = p->size;
    const int32_t start = p->start < 0 ? 0 : p->start > size ? size : p->start;
    const int32_t end = p->end < start ? start : p->end > size ? size : p->end;
    for (int32_t i = 0; i < start; ++i)
        output[i] = 0;
    const int16_t *x = input + 2 * start;
    for (int32_t i = start; i < end; ++i, x += 2) {
        const int32_t re = x[0], im = x[1];
        output[i] = (uint32_t)(re * re) + (uint32_t)(im * im); /* wraps as the reference's int sum */
    }
    for (int32_t i = end; i < size; ++i)
        output[i] = 0;
}
