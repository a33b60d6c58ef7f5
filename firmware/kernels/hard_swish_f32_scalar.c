/* SPDX-License-Identifier: Apache-2.0 */
/* HARD_SWISH, float32, fast scalar for cores without an FPU: x * min(6, max(0, x + 3)) / 6 as the
 * reference computes it, with its two comparisons done on the float's bits (a soft-float compare
 * is a library call): x + 3 is above 0 when its bits are positive as int32 and not a NaN's, and a
 * non-negative float is below 6 when its bits are below 6's. Where max(0, x + 3) is 0 and x is
 * finite (x <= -3), x * 0 / 6 is -0: written without the multiply and divide calls. */
#include <string.h>

#include "rvfw_kernels.h"

static inline uint32_t bits(float x)
{
    uint32_t u;
    memcpy(&u, &x, 4);
    return u;
}

RVFW_KERNEL void rvfw_hard_swish_f32_scalar(const rvfw_lut_params *p, const float *input, float *output)
{
    const uint32_t six = 0x40C00000u, infinity = 0x7F800000u, negative_zero = 0x80000000u;
    for (int32_t i = 0; i < p->size; ++i) {
        const float x = input[i], shifted = x + 3.0f;
        const uint32_t s = bits(shifted);
        if ((int32_t)s > 0 && s <= infinity) { /* 0 < shifted: relu = shifted */
            output[i] = x * (s < six ? shifted : 6.0f) / 6.0f;
        } else if ((bits(x) & ~negative_zero) < infinity) { /* relu = 0, x finite */
            memcpy(&output[i], &negative_zero, 4);
        } else {
            output[i] = x * 0.0f / 6.0f;
        }
    }
}
