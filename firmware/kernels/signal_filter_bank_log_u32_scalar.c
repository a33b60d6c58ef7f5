/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBankLog, uint32 in, int16 out, fast scalar: the reference's fixed-point log with
 * its one 64-bit product, ln 2 (Q16) x log2 (below 2^21), split at bit 16 into two 32-bit
 * products: ln2 * hi * 2^16 is a multiple of 2^16, so rounding and shifting the low product alone
 * gives the same quotient (ln2 * 0xFFFF + 2^15 < 2^32). Bit-exact with the reference. */
#include "rvfw_kernels.h"

enum { SCALE_BITS = 16, SEGMENT_BITS = 7, LN2_Q16 = 45426 };

static inline uint32_t rvfw_log_channel(uint32_t x, uint32_t out_scale, const uint16_t *table)
{
    const uint32_t round = 1u << (SCALE_BITS - 1);
    const uint32_t integer = 31u - (uint32_t)__builtin_clz(x);
    int32_t frac = (int32_t)(x - (1u << integer));
    frac = integer < SCALE_BITS ? (int32_t)((uint32_t)frac << (SCALE_BITS - integer))
                                : frac >> (integer - SCALE_BITS);
    const uint32_t segment = (uint32_t)frac >> (SCALE_BITS - SEGMENT_BITS);
    const int32_t c0 = table[segment], c1 = table[segment + 1];
    const int32_t base = (int32_t)(((1u << SCALE_BITS) >> SEGMENT_BITS) * segment);
    const int32_t rel = ((c1 - c0) * (frac - base)) >> SCALE_BITS;
    const uint32_t log2 = (integer << SCALE_BITS) + (uint32_t)(frac + c0 + rel);
    const uint32_t loge = LN2_Q16 * (log2 >> SCALE_BITS) + ((LN2_Q16 * (log2 & 0xFFFFu) + round) >> SCALE_BITS);
    return (out_scale * loge + round) >> SCALE_BITS;
}

RVFW_KERNEL void rvfw_signal_filter_bank_log_u32_scalar(const rvfw_signal_log_params *p, const uint32_t *input,
                                            const uint16_t *log_table, int16_t *output)
{
    const int32_t channels = p->channels;
    const uint32_t bits = p->correction_bits, out_scale = p->output_scale;
    for (int32_t i = 0; i < channels; ++i) {
        const uint32_t scaled = input[i] << bits;
        const uint32_t value = scaled > 1 ? rvfw_log_channel(scaled, out_scale, log_table) : 0;
        output[i] = (int16_t)(value < (uint32_t)INT16_MAX ? value : (uint32_t)INT16_MAX);
    }
}
