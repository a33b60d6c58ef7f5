/* SPDX-License-Identifier: Apache-2.0 */
/* AVERAGE_POOL_2D, int8: scalar reference. Padding cells are left out of the count. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

void rvfw_avgpool2d_s8_ref(const rvfw_pool_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_batch = input + b * p->in_h * p->in_w * p->channels;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t y0 = oy * p->stride_h - p->pad_h;
            int32_t ky_start, ky_end;
            rvfw_window(y0, p->k_h, p->in_h, &ky_start, &ky_end);
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                const int32_t x0 = ox * p->stride_w - p->pad_w;
                int32_t kx_start, kx_end;
                rvfw_window(x0, p->k_w, p->in_w, &kx_start, &kx_end);
                const int32_t count = (ky_end - ky_start) * (kx_end - kx_start);
                for (int32_t c = 0; c < p->channels; ++c) {
                    int32_t acc = 0;
                    for (int32_t ky = ky_start; ky < ky_end; ++ky)
                        for (int32_t kx = kx_start; kx < kx_end; ++kx)
                            acc += in_batch[((y0 + ky) * p->in_w + x0 + kx) * p->channels + c];
                    /* Round half away from zero, as the reference does. */
                    acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
                    *output++ = (int8_t)rvfw_clamp(acc, p->output_activation_min, p->output_activation_max);
                }
            }
        }
    }
}
