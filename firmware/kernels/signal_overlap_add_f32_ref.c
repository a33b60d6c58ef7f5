/* SPDX-License-Identifier: Apache-2.0 */
/* SignalOverlapAdd, float32: per row, each frame added into the running sum (the state), the
 * sum's first frame_step samples out, the sum shifted down by frame_step with zeros after. */
#include <string.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_overlap_add_f32_ref(const rvfw_signal_overlap_params *p, const float *input, float *sum,
                                             float *output)
{
    const int32_t n = p->frame_size, step = p->frame_step;
    for (int32_t r = 0; r < p->rows; ++r) {
        float *buf = sum + (size_t)r * n;
        for (int32_t f = 0; f < p->frames; ++f) {
            const float *in = input + ((size_t)r * p->frames + f) * n;
            for (int32_t i = 0; i < n; ++i)
                buf[i] += in[i];
            memcpy(output + ((size_t)r * p->frames + f) * step, buf, (size_t)step * sizeof(float));
            memmove(buf, buf + step, (size_t)(n - step) * sizeof(float));
            memset(buf + n - step, 0, (size_t)step * sizeof(float));
        }
    }
}
