/* SPDX-License-Identifier: Apache-2.0 */
/* AVERAGE_POOL_2D, float32, reference: the mean of the window's cells inside the input (their sum
 * divided by their count), then the clamp. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_avgpool2d_f32_ref(const rvfw_pool_params *p, const float *input, const float *act,
                                        float *output)
{
    const int32_t ch = p->channels;
    RVFW_POOL_WINDOWS(p, input, output, ch, {
        for (int32_t c = 0; c < ch; ++c) {
            float total = 0.0f;
            for (int32_t ky = ky0; ky < ky1; ++ky)
                for (int32_t kx = kx0; kx < kx1; ++kx)
                    total += in_batch[((y0 + ky) * p->in_w + x0 + kx) * ch + c];
            /* a window wholly in the padding counts 0 cells: 0 / 0, as the reference */
            const int32_t count = (ky1 > ky0 ? ky1 - ky0 : 0) * (kx1 > kx0 ? kx1 - kx0 : 0);
            output[c] = rvfw_clamp_f32(total / (float)count, act);
        }
    })
}
