/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFftAutoScale, int16, fast scalar. The shift depends only on the highest set bit of the
 * largest magnitude, so the first pass ORs the magnitudes (no compare and branch per sample). A
 * -32768 sample sets bit 15, which no other magnitude has: TFLite Micro's running maximum then
 * starts over (rvfw_signal_max_abs16), and the kernel takes that exact loop instead. The second
 * pass shifts two samples per 32-bit word, each half on its own. Bit-exact with the reference. */
#include "rvfw_signal.h"

RVFW_KERNEL void rvfw_signal_fft_auto_scale_s16_scalar(const rvfw_signal_params *p, const int16_t *input, int16_t *output,
                                           int32_t *scale_bits)
{
    const int32_t size = p->size;
    uint32_t bits = 0, bits2 = 0;
    int32_t k = 0;
    for (; k + 1 < size; k += 2) { /* two samples a pass, into two ORs */
        const int32_t v = input[k], sv = v >> 31, w = input[k + 1], sw = w >> 31;
        bits |= (uint32_t)((v ^ sv) - sv);
        bits2 |= (uint32_t)((w ^ sw) - sw);
    }
    if (k < size) {
        const int32_t v = input[k], sv = v >> 31;
        bits |= (uint32_t)((v ^ sv) - sv);
    }
    bits |= bits2;
    const int32_t shift = rvfw_signal_scale_bits(bits & 0x8000u ? rvfw_signal_max_abs16(input, size) : (int16_t)bits);
    int32_t i = 0;
    /* word at a time where input and output are 4-byte aligned (the arena's tensors are) */
    if ((((__UINTPTR_TYPE__)input | (__UINTPTR_TYPE__)output) & 3u) == 0) {
        const uint32_t *in32 = (const uint32_t *)(const void *)input;
        uint32_t *out32 = (uint32_t *)(void *)output;
        for (; i + 3 < size; i += 4, in32 += 2, out32 += 2) {
            const uint32_t w0 = in32[0], w1 = in32[1];
            out32[0] = ((w0 & 0xFFFF0000u) << shift) | ((w0 << shift) & 0xFFFFu);
            out32[1] = ((w1 & 0xFFFF0000u) << shift) | ((w1 << shift) & 0xFFFFu);
        }
    }
    for (; i < size; ++i)
        output[i] = (int16_t)(input[i] * (1 << shift));
    *scale_bits = shift;
}
