/* SPDX-License-Identifier: Apache-2.0 */
/* SignalDelay, int16: each row of frame_size samples delayed by `delay` (the last `delay` samples
 * kept in the state, zeros at first): output = (state, input)[0, frame_size), state = the last
 * `delay` of (state, input). */
#include <stddef.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_delay_s16_ref(const rvfw_signal_delay_params *p, const int16_t *input, int16_t *delayed,
                                           int16_t *output)
{
    const int32_t n = p->frame_size, d = p->delay;
    for (int32_t r = 0; r < p->rows; ++r) {
        const int16_t *in = input + (size_t)r * n;
        int16_t *st = delayed + (size_t)r * (d > 0 ? d : 1), *out = output + (size_t)r * n;
        for (int32_t j = 0; j < n; ++j)
            out[j] = j < d ? st[j] : in[j - d];
        for (int32_t k = 0; k < d; ++k) /* ascending: each reads an element at or after its own */
            st[k] = n + k < d ? st[n + k] : in[n + k - d];
    }
}
