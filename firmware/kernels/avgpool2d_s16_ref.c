/* SPDX-License-Identifier: Apache-2.0 */
/* AVERAGE_POOL_2D, int16, reference: the int8 kernel's arithmetic on int16 (an int32 sum of the
 * window's cells inside the input, divided by their count rounding half away from zero). */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

void rvfw_avgpool2d_s16_ref(const rvfw_pool_params *p, const int16_t *input, int16_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                const rvfw_pool_window w = rvfw_pool_window_at(p, oy, ox);
                const int32_t count = (w.ky1 - w.ky0) * (w.kx1 - w.kx0);
                for (int32_t c = 0; c < p->channels; ++c) {
                    int32_t acc = 0;
                    for (int32_t ky = w.ky0; ky < w.ky1; ++ky)
                        for (int32_t kx = w.kx0; kx < w.kx1; ++kx)
                            acc += input[((b * p->in_h + w.y0 + ky) * p->in_w + w.x0 + kx) * p->channels + c];
                    acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
                    *output++ = (int16_t)rvfw_clamp(acc, p->output_activation_min, p->output_activation_max);
                }
            }
}
