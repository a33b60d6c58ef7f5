/* SPDX-License-Identifier: Apache-2.0 */
/* L2_POOL_2D, float32: the square root of the mean of the squares of the window's cells inside the
 * input (TFLite's L2Pool: each square, then its sum, in the window's order), then the clamp. */
#include <math.h>

#include "rvfw_pool_ref.h"

RVFW_KERNEL void rvfw_l2pool2d_f32_ref(const rvfw_pool_params *p, const float *input, const float *act, float *output)
{
#define RVFW_L2_PIXEL                                                                                              \
    for (int32_t c = 0; c < p->channels; ++c) {                                                                   \
        float total = 0.0f;                                                                                       \
        for (int32_t ky = ky_start; ky < ky_end; ++ky)                                                            \
            for (int32_t kx = kx_start; kx < kx_end; ++kx) {                                                      \
                const float x = in_batch[((y0 + ky) * p->in_w + x0 + kx) * p->channels + c];                      \
                total += x * x;                                                                                   \
            }                                                                                                     \
        output[((b * p->out_h + oy) * p->out_w + ox) * p->channels + c] =                                         \
            rvfw_clamp_f32(sqrtf(total / (float)count), act);                                                     \
    }
    RVFW_POOL_PIXELS(float, p, input, RVFW_L2_PIXEL);
#undef RVFW_L2_PIXEL
}
