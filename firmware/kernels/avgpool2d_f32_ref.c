/* SPDX-License-Identifier: Apache-2.0 */
/* AVERAGE_POOL_2D, float32, reference: the mean of the window's cells inside the input (their sum divided by their count), then the clamp. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_avgpool2d_f32_ref(const rvfw_pool_params *p, const float *input, const float *act, float *output)
{
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox)
                for (int32_t c = 0; c < p->channels; ++c) {
                    float total = 0.0f;
                    int32_t count = 0;
                    for (int32_t ky = 0; ky < p->k_h; ++ky) {
                        const int32_t iy = oy * p->stride_h - p->pad_h + ky;
                        for (int32_t kx = 0; kx < p->k_w; ++kx) {
                            const int32_t ix = ox * p->stride_w - p->pad_w + kx;
                            if (iy >= 0 && iy < p->in_h && ix >= 0 && ix < p->in_w) {
                                const float x = input[((b * p->in_h + iy) * p->in_w + ix) * p->channels + c];
                                total += x;
                                ++count;
                            }
                        }
                    }
                    output[((b * p->out_h + oy) * p->out_w + ox) * p->channels + c] = rvfw_clamp_f32(total / (float)count, act);
                }
}
