/* SPDX-License-Identifier: Apache-2.0 */
/* MAX_POOL_2D, int16, reference: the largest of the window's cells inside the input, clamped. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

void rvfw_maxpool2d_s16_ref(const rvfw_pool_params *p, const int16_t *input, int16_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                const rvfw_pool_window w = rvfw_pool_window_at(p, oy, ox);
                for (int32_t c = 0; c < p->channels; ++c) {
                    int32_t best = INT16_MIN;
                    for (int32_t ky = w.ky0; ky < w.ky1; ++ky)
                        for (int32_t kx = w.kx0; kx < w.kx1; ++kx) {
                            const int32_t x =
                                input[((b * p->in_h + w.y0 + ky) * p->in_w + w.x0 + kx) * p->channels + c];
                            best = x > best ? x : best;
                        }
                    *output++ = (int16_t)rvfw_clamp(best, p->output_activation_min, p->output_activation_max);
                }
            }
}
