/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFftAutoScale, int16, reference: the largest magnitude decides how far the frame can be
 * shifted left (rvfw_signal.h); every sample is multiplied by 2^shift in int16 and the shift is
 * the second output. */
#include "rvfw_signal.h"

RVFW_KERNEL void rvfw_signal_fft_auto_scale_s16_ref(const rvfw_signal_params *p, const int16_t *input, int16_t *output,
                                        int32_t *scale_bits)
{
    const int32_t shift = rvfw_signal_scale_bits(rvfw_signal_max_abs16(input, p->size));
    for (int32_t i = 0; i < p->size; ++i) {
        output[i] = (int16_t)(input[i] * (1 << shift));
    }
    *scale_bits = shift;
}
