/* SPDX-License-Identifier: Apache-2.0 */
/* SignalOverlapAdd, int16 (saturating): per row, each frame added into the running sum (the state), the
 * sum's first frame_step samples out, the sum shifted down by frame_step with zeros after. */
#include <string.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_overlap_add_s16_ref(const rvfw_signal_overlap_params *p, const int16_t *input, int16_t *sum,
                                             int16_t *output)
{
    const int32_t n = p->frame_size, step = p->frame_step;
    for (int32_t r = 0; r < p->rows; ++r) {
        int16_t *buf = sum + (size_t)r * n;
        for (int32_t f = 0; f < p->frames; ++f) {
            const int16_t *in = input + ((size_t)r * p->frames + f) * n;
            for (int32_t i = 0; i < n; ++i) {
                const int32_t v = (int32_t)buf[i] + in[i];
                buf[i] = (int16_t)(v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v);
            }
            memcpy(output + ((size_t)r * p->frames + f) * step, buf, (size_t)step * sizeof(int16_t));
            memmove(buf, buf + step, (size_t)(n - step) * sizeof(int16_t));
            memset(buf + n - step, 0, (size_t)step * sizeof(int16_t));
        }
    }
}
