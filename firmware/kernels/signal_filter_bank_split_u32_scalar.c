/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBank, uint32 energies in, uint64 out, fast scalar, for filter banks whose weights
 * are non-negative and whose every channel's weights (and unweights) sum below 2^32 / 65535
 * (codegen.ops.signal.split_filter_bank checks it at build time; TFLite Micro's front ends' Q12
 * triangles sum to at most 16 x 4096). Each energy is read as its two 16-bit halves and each
 * channel's two sums are kept as 32-bit sums of the halves' products, which then cannot wrap:
 * no 64-bit add with carry per product, one 64-bit combine per channel. The sums are exact, so
 * they equal the reference's uint64 sums. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_filter_bank_split_u32_scalar(const rvfw_signal_params *p, const uint32_t *input,
                                              const int16_t *weights, const int16_t *unweights,
                                              const int16_t *freq_starts, const int16_t *weight_starts,
                                              const int16_t *widths, uint64_t *output)
{
    const uint16_t *halves = (const uint16_t *)(const void *)input; /* little-endian: low half first */
    uint64_t carried = 0; /* the previous channel's unweighted sum */
    const int32_t bands = p->size;
    for (int32_t band = 0; band <= bands; ++band) {
        const uint16_t *e = halves + 2 * freq_starts[band];
        const int16_t *w = weights + weight_starts[band], *u = unweights + weight_starts[band];
        uint32_t w_lo = 0, w_hi = 0, u_lo = 0, u_hi = 0;
        for (int32_t j = 0, width = widths[band]; j < width; ++j, e += 2) {
            const uint32_t lo = e[0], hi = e[1], wj = (uint16_t)w[j], uj = (uint16_t)u[j];
            w_lo += wj * lo;
            w_hi += wj * hi;
            u_lo += uj * lo;
            u_hi += uj * hi;
        }
        if (band > 0)
            output[band - 1] = carried + ((uint64_t)w_hi << 16) + w_lo;
        carried = ((uint64_t)u_hi << 16) + u_lo;
    }
}
