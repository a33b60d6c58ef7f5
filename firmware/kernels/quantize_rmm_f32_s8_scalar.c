/* SPDX-License-Identifier: Apache-2.0 */
/* QUANTIZE float32 -> int8, fast scalar, for cores with a single-precision FPU: the reference's
 * x / scale (one IEEE division), then its roundf (half away from zero) as one conversion in the
 * RISC-V rounding mode that is exactly that (fcvt.w.s with rmm, which saturates out of range and
 * on NaN as the reference's conversion of its rounded value does), where the reference calls the
 * C library's roundf per element. Bit-exact with the reference. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_quantize_rmm_f32_s8_scalar(const rvfw_affine_params *p, const float *input, int8_t *output)
{
    const float scale = (float)p->scale;
    const int32_t zero_point = p->zero_point;
    for (int32_t i = 0; i < p->size; ++i) {
        /* the zero point added as the reference's int32 sum wraps (a saturated conversion plus it) */
        const int32_t v = (int32_t)((uint32_t)rvfw_round_half_away(input[i] / scale) + (uint32_t)zero_point);
        output[i] = (int8_t)rvfw_clamp(v, INT8_MIN, INT8_MAX);
    }
}
