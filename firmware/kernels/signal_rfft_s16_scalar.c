/* SPDX-License-Identifier: Apache-2.0 */
/* SignalRfft, int16, fast scalar: the reference's butterflies in the same order within each
 * stage, run level by level from the deepest up instead of by recursion (each group of a level
 * only reads what its own sub-transforms wrote, so the order across groups does not matter), after
 * one gather of the frame in the order the recursion's leaves read it (gather: byte offsets,
 * codegen.ops.signal.fft_gather). Bit-exact with the reference. */
#include "rvfw_fft16.h"

RVFW_KERNEL void rvfw_signal_rfft_s16_scalar(const rvfw_signal_rfft_params *p, const int16_t *input, const uint16_t *gather,
                                 const int16_t *twiddles, const int16_t *super_twiddles, const int32_t *factors,
                                 int8_t *work, int16_t *output)
{
    RVFW_FFT16_FRAMES(p, input, work, twiddles, {
        const int8_t *bytes = (const int8_t *)frame;
        for (int32_t j = 0; j < half; ++j) {
            spectrum[j] = *(const rvfw_cpx16 *)(bytes + gather[j]);
        }
        for (int32_t d = p->stages - 1; d >= 0; --d) {
            const int32_t groups = rvfw_fft16_groups(factors, d), span = half / groups, m = span / factors[d];
            for (int32_t g = 0; g < groups; ++g) {
                if (factors[d] == 4) {
                    rvfw_fft16_butterfly4(spectrum + g * span, m, groups, tw);
                } else {
                    rvfw_fft16_butterfly2(spectrum + g * span, m, groups, tw);
                }
            }
        }
        rvfw_fft16_split(spectrum, (const rvfw_cpx16 *)super_twiddles, half,
                         (rvfw_cpx16 *)(output + f * (p->fft_length + 2)));
    });
}
