/* SPDX-License-Identifier: Apache-2.0 */
/* RSQRT, int16 (16x8: zero points 0), reference: TFLite Micro's RsqrtEvalQuantized<int16_t>. Each
 * value's 1/sqrt as a multiplier (GetInvSqrtQuantizedMultiplierExp, rvfw_inv_sqrt_multiplier)
 * applied to 1 with 20 bits of headroom, then rescaled by 1 / (sqrt(input scale) * output scale);
 * 0 gives 32767. TFLite Micro refuses a negative value at run time; this gives the arithmetic's. */
#include "rvfw_gemmlowp.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_rsqrt_s16_ref(const rvfw_requantize_params *p, const int16_t *input, int16_t *output)
{
    const int32_t headroom = 20; /* TFLite Micro's kShift */
    for (int32_t i = 0; i < p->size; ++i) {
        const int32_t value = input[i] - p->input_zero_point;
        if (value == 0) {
            output[i] = INT16_MAX;
            continue;
        }
        int32_t multiplier, shift;
        rvfw_inv_sqrt_multiplier(value, &multiplier, &shift);
        const int32_t data = rvfw_requantize(1, multiplier, shift + headroom);
        const int32_t out = rvfw_requantize(data, p->multiplier, p->shift - headroom) + p->output_zero_point;
        output[i] = (int16_t)rvfw_clamp(out, INT16_MIN, INT16_MAX);
    }
}
