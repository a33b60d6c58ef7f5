/* SPDX-License-Identifier: Apache-2.0 */
/* RELU, RELU6, RELU_N1_TO_1, RELU_0_TO_1 float32, fast scalar for cores without an FPU:
 * rvfw_clamp_f32's two comparisons on the float's bits (a soft-float compare is a library call).
 * Mapped to a signed key, magnitude for a positive float and minus it for a negative one, floats
 * order as their keys (both zeros map to 0, as they compare equal); a NaN fails both compares and
 * passes through, as in the reference. */
#include <string.h>

#include "rvfw_kernels.h"

static inline int32_t key(uint32_t u)
{
    const int32_t magnitude = (int32_t)(u & 0x7FFFFFFFu);
    return (u >> 31) ? -magnitude : magnitude;
}

RVFW_KERNEL void rvfw_clamp_f32_scalar(const rvfw_lut_params *p, const float *input, const float *act, float *output)
{
    uint32_t lo, hi;
    memcpy(&lo, &act[0], 4);
    memcpy(&hi, &act[1], 4);
    /* the bounds: finite or infinite, never NaN (codegen.ops.activation) */
    const int32_t k_lo = key(lo), k_hi = key(hi);
    for (int32_t i = 0; i < p->size; ++i) {
        uint32_t u;
        memcpy(&u, &input[i], 4);
        if ((u & 0x7FFFFFFFu) <= 0x7F800000u) { /* not a NaN */
            const int32_t k = key(u);
            u = k < k_lo ? lo : u;
            u = key(u) > k_hi ? hi : u;
        }
        memcpy(&output[i], &u, 4);
    }
}
