/* SPDX-License-Identifier: Apache-2.0 */
/* SignalWindow, int16, fast scalar: the reference's (x * w) >> shift saturated to int16, two
 * samples a pass with the parameters in registers; the saturation is one unsigned range test on
 * the common path (a window at most 2^shift never saturates). Bit-exact with the reference. */
#include "rvfw_kernels.h"

static inline int16_t rvfw_window_sample(int32_t x, int32_t w, int32_t shift)
{
    const int32_t v = (x * w) >> shift;
    if (__builtin_expect((uint32_t)(v + 32768) > 65535u, 0))
        return v < 0 ? INT16_MIN : INT16_MAX;
    return (int16_t)v;
}

RVFW_KERNEL void rvfw_signal_window_s16_scalar(const rvfw_signal_window_params *p, const int16_t *input, const int16_t *window,
                                   int16_t *output)
{
    const int32_t size = p->size, n = p->window_size, shift = p->shift;
    for (int32_t frame = 0; frame < size; frame += n, input += n, output += n) {
        int32_t i = 0;
        for (; i + 1 < n; i += 2) {
            const int16_t a = rvfw_window_sample(input[i], window[i], shift);
            const int16_t b = rvfw_window_sample(input[i + 1], window[i + 1], shift);
            output[i] = a;
            output[i + 1] = b;
        }
        if (i < n)
            output[i] = rvfw_window_sample(input[i], window[i], shift);
    }
}
