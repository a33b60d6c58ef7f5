/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFramer, int16: per row, frame_step new samples per frame appended to the ones held (the
 * state, in order from its start); once frame_size are held the oldest frame_size are a frame and
 * frame_step are dropped, else *valid is 0 and that frame is not written (TFLite Micro's). Every
 * row goes through the same counts: *held is shared and stored after the last row. */
#include <string.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_framer_s16_ref(const rvfw_signal_framer_params *p, const int16_t *input, int16_t *frames,
                                            int32_t *held, int16_t *output, uint8_t *valid)
{
    int32_t count = *held;
    *valid = 1;
    for (int32_t r = 0; r < p->rows; ++r) {
        int16_t *buf = frames + (size_t)r * p->capacity;
        count = *held;
        for (int32_t f = 0; f < p->frames; ++f) {
            const int32_t k = r * p->frames + f;
            memcpy(buf + count, input + (size_t)k * p->frame_step, (size_t)p->frame_step * sizeof(int16_t));
            count += p->frame_step;
            if (count >= p->frame_size) {
                memcpy(output + (size_t)k * p->frame_size, buf, (size_t)p->frame_size * sizeof(int16_t));
                memmove(buf, buf + p->frame_step, (size_t)(count - p->frame_step) * sizeof(int16_t));
                count -= p->frame_step;
            } else {
                *valid = 0;
            }
        }
    }
    *held = count;
}
