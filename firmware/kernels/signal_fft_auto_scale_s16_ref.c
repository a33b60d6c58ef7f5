/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFftAutoScale, int16, reference: the largest magnitude decides how far the frame can be
 * shifted left (15 - its highest set bit, at least 0); every sample is multiplied by 2^shift in
 * int16 and the shift is the second output. A silent frame (all 0) shifts by 0, as TFLite Micro's
 * most-significant-bit helper returns 32 for 0; so does a negative "largest magnitude" (the
 * int16 that -32768 wraps to), which it reads as a uint32 with the top bit set. */
#include "rvfw_kernels.h"

void rvfw_signal_fft_auto_scale_s16_ref(const rvfw_signal_params *p, const int16_t *input, int16_t *output,
                                        int32_t *scale_bits)
{
    int16_t max = 0;
    for (int32_t i = 0; i < p->size; ++i) {
        const int16_t v = input[i];
        if (v > max) {
            max = v;
        } else if (-(int32_t)v > max) { /* compared in int; -(-32768) then stored as -32768 */
            max = (int16_t)-(int32_t)v;
        }
    }
    const int32_t msb = max ? 32 - __builtin_clz((uint32_t)(int32_t)max) : 32;
    int32_t shift = 16 - msb - 1;
    if (shift < 0) {
        shift = 0;
    }
    for (int32_t i = 0; i < p->size; ++i) {
        output[i] = (int16_t)(input[i] * (1 << shift));
    }
    *scale_bits = shift;
}
