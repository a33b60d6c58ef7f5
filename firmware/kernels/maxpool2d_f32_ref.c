/* SPDX-License-Identifier: Apache-2.0 */
/* MAX_POOL_2D, float32, reference: the largest value in the window's cells inside the input, then
 * the clamp. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_maxpool2d_f32_ref(const rvfw_pool_params *p, const float *input, const float *act,
                                        float *output)
{
    const int32_t ch = p->channels;
    RVFW_POOL_WINDOWS(p, input, output, ch, {
        for (int32_t c = 0; c < ch; ++c) {
            float best = -3.40282347e+38f;
            for (int32_t ky = ky0; ky < ky1; ++ky)
                for (int32_t kx = kx0; kx < kx1; ++kx) {
                    const float x = in_batch[((y0 + ky) * p->in_w + x0 + kx) * ch + c];
                    best = x > best ? x : best;
                }
            output[c] = rvfw_clamp_f32(best, act);
        }
    })
}
