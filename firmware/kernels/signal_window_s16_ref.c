/* SPDX-License-Identifier: Apache-2.0 */
/* SignalWindow, int16, reference: each frame of window_size samples times the window, shifted
 * right by `shift` in int32 and saturated to int16 (TFLite Micro's Signal window). */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_window_s16_ref(const rvfw_signal_window_params *p, const int16_t *input, const int16_t *window,
                                int16_t *output)
{
    for (int32_t frame = 0; frame < p->size; frame += p->window_size) {
        for (int32_t i = 0; i < p->window_size; ++i) {
            const int32_t value = ((int32_t)input[frame + i] * window[i]) >> p->shift;
            output[frame + i] = (int16_t)(value < INT16_MIN ? INT16_MIN : value > INT16_MAX ? INT16_MAX : value);
        }
    }
}
