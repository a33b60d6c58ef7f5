/* SPDX-License-Identifier: Apache-2.0 */
/* DEQUANTIZE int16 -> float32, fast scalar: the reference's (float)(scale * (double)(q - zero
 * point)), in hardware with a double-precision FPU; without one, where that would be a software
 * multiply and conversion, in integer arithmetic. The scale is a
 * float32 (the model stores it so, and its C literal is that value exactly), m 2^e with a 24-bit m,
 * and |q - zero point| < 2^17, so the double product is exact: the one rounding is the cast's, to
 * nearest with ties to even, done here on the integer m |q - zero point| (at most 41 bits). A result outside float32's normal range, or a
 * scale that is not a normal float32, takes the reference's arithmetic. */
#include "rvfw_kernels.h"

static inline float reference_value(double scale, int32_t d)
{
    return (float)(scale * (double)d);
}

RVFW_KERNEL void rvfw_dequantize_s16_f32_scalar(const rvfw_affine_params *p, const int16_t *input, float *output)
{
#if defined(__riscv_flen) && __riscv_flen >= 64
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = reference_value(p->scale, input[i] - p->zero_point);
#else
    uint64_t sbits;
    __builtin_memcpy(&sbits, &p->scale, sizeof sbits);
    const int32_t sexp = (int32_t)((sbits >> 52) & 0x7ff);
    /* m: the scale's 24 significant bits; exact only when the low 29 of the double's 52 are 0 */
    const int exact = sexp > 0 && sexp < 0x7ff && !(sbits & ((1ull << 29) - 1)) && !(sbits >> 63);
    const uint32_t m = (uint32_t)(((sbits & ((1ull << 52) - 1)) | (1ull << 52)) >> 29);
    const int32_t e = sexp - 1075 + 29; /* scale = m 2^e */
    for (int32_t i = 0; i < p->size; ++i) {
        const int32_t d = input[i] - p->zero_point;
        if (!exact || (uint32_t)(d + 65535) > 131070u) { /* |d| < 2^16 + 2^15 for any int16 zero point */
            output[i] = reference_value(p->scale, d);
            continue;
        }
        uint32_t bits = 0; /* +0.0 for d = 0, as scale * 0.0 */
        if (d != 0) {
            /* |d| normalised to [2^16, 2^17): the product m |d| 2^k is in [2^39, 2^41), its 24 leading
             * bits 16 or 17 places up, and what rounds is in the low word */
            const uint32_t a = (uint32_t)(d < 0 ? -d : d);
            const int k = __builtin_clz(a) - 15;
            const uint64_t product = (uint64_t)m * (a << k);
            const int top = (int)(product >> 40);
            const int shift = 16 + top;
            uint32_t mant = (uint32_t)(product >> shift);
            const uint32_t rest = (uint32_t)product & ((1u << shift) - 1), half = 1u << (shift - 1);
            mant += rest > half || (rest == half && (mant & 1));
            int32_t biased = e - k + shift + 150;
            if (mant >> 24) { /* rounded up to 2^24 */
                mant >>= 1;
                ++biased;
            }
            if (biased <= 0 || biased >= 255) {
                output[i] = reference_value(p->scale, d);
                continue;
            }
            bits = (d < 0 ? 0x80000000u : 0) | (uint32_t)biased << 23 | (mant & 0x7fffff);
        }
        __builtin_memcpy(&output[i], &bits, sizeof bits);
    }
#endif
}
