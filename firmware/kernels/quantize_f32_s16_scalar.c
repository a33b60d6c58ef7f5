/* SPDX-License-Identifier: Apache-2.0 */
/* QUANTIZE float32 -> int16, fast scalar: the reference's roundf(x / scale) + zero point, clamped.
 * With a single-precision FPU: its division, and roundf as one conversion (rvfw_round_half_away).
 * Without one, where the division and roundf would run in software, the quotient is found in
 * integer arithmetic wherever that provably gives the reference's result, and by the reference's
 * own arithmetic elsewhere:
 *
 * x = mx 2^a and scale = ms 2^b (24-bit significands), so y = |x| / scale = (mx / ms) 2^(a - b).
 * With R = floor(2^48 / ms) (25 bits, relative error < 2^-24), Y = floor(mx R 2^(a - b - 24)) is
 * y 2^24 from below, short by less than y + 1 units. The float division rounds y by at most half an
 * ulp, y 2^-24, so the reference's quotient lies within 2 y + 2 units of Y. When no half-integer
 * (a rounding boundary of roundf) lies within that margin of Y, the nearest integer to Y / 2^24 is
 * the reference's result; otherwise, and for quotients of 2^20 or more (the conversion's range),
 * zeros, subnormals, infinities and NaNs, the kernel divides as the reference does. */
#include <math.h>

#include "rvfw_kernels.h"
#include "rvfw_requant.h"

static inline int32_t reference_value(float x, float scale, int32_t zero_point)
{
    return (int32_t)roundf(x / scale) + zero_point;
}

RVFW_KERNEL void rvfw_quantize_f32_s16_scalar(const rvfw_affine_params *p, const float *input, int16_t *output)
{
    const float scale = (float)p->scale;
#if defined(__riscv_flen) && __riscv_flen >= 32
    for (int32_t i = 0; i < p->size; ++i) {
        /* the zero point added as the reference's int32 sum wraps (a saturated conversion plus it) */
        const int32_t v = (int32_t)((uint32_t)rvfw_round_half_away(input[i] / scale) + (uint32_t)p->zero_point);
        output[i] = (int16_t)rvfw_clamp(v, INT16_MIN, INT16_MAX);
    }
#else
    uint32_t sbits;
    __builtin_memcpy(&sbits, &scale, sizeof sbits);
    const int32_t sexp = (int32_t)(sbits >> 23); /* the sign bit is 0 for a usable scale */
    const int usable = sexp > 0 && sexp < 255;
    const uint64_t reciprocal = usable ? (1ull << 48) / ((sbits & 0x7fffff) | 0x800000) : 0;
    for (int32_t i = 0; i < p->size; ++i) {
        uint32_t bits;
        __builtin_memcpy(&bits, &input[i], sizeof bits);
        const int32_t xexp = (int32_t)((bits >> 23) & 0xff), shift = 24 - (xexp - sexp);
        int32_t v;
        if (!usable || xexp == 0 || xexp == 255 || shift < 5) {
            v = reference_value(input[i], scale, p->zero_point);
        } else if (shift >= 50) { /* y < 2^-25: rounds to 0 */
            v = p->zero_point;
        } else {
            const uint64_t y = ((uint64_t)((bits & 0x7fffff) | 0x800000) * reciprocal) >> shift;
            const uint32_t units = (uint32_t)y; /* y < 2^44 units but < 2^20 whole: the low word holds the fraction */
            const uint32_t whole = (uint32_t)(y >> 24), fraction = units & 0xffffff;
            const uint32_t margin = 2 * whole + 4;
            const uint32_t k = whole + (fraction >= 0x800000);
            /* the distance from Y to the nearest boundary, (whole + 1/2) 2^24 */
            const uint32_t distance = fraction >= 0x800000 ? fraction - 0x800000 : 0x800000 - fraction;
            if (distance <= margin) {
                v = reference_value(input[i], scale, p->zero_point);
            } else {
                v = (int32_t)(bits >> 31 ? -k : k) + p->zero_point;
            }
        }
        output[i] = (int16_t)rvfw_clamp(v, INT16_MIN, INT16_MAX);
    }
#endif
}
