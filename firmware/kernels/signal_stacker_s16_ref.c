/* SPDX-License-Identifier: Apache-2.0 */
/* SignalStacker, int16: the invocation's channels appended to the frames held (the first frame
 * replicated `left` more times, once, for the left context); when `size` samples are held they
 * are the output and the oldest `step` dropped (*valid 1), else *valid is 0 and the output is not
 * written (TFLite Micro's). counters: samples held, whether the first frame was replicated. */
#include <string.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_stacker_s16_ref(const rvfw_signal_stacker_params *p, const int16_t *input, int16_t *stack,
                                             int32_t *counters, int16_t *output, uint8_t *valid)
{
    const size_t frame = (size_t)p->channels * sizeof(int16_t);
    int32_t held = counters[0];
    memcpy(stack + held, input, frame);
    held += p->channels;
    if (!counters[1]) {
        for (int32_t k = 0; k < p->left; ++k, held += p->channels)
            memcpy(stack + held, stack + held - p->channels, frame);
        counters[1] = 1;
    }
    if (held >= p->size) {
        memcpy(output, stack, (size_t)p->size * sizeof(int16_t));
        memmove(stack, stack + p->step, (size_t)(held - p->step) * sizeof(int16_t));
        held -= p->step;
        *valid = 1;
    } else {
        *valid = 0;
    }
    counters[0] = held;
}
