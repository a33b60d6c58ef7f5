/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFilterBankLog, uint32 in, int16 out, reference: ln(x << correction_bits) in 16-bit fixed
 * point (log2 from the highest set bit plus a per-segment correction of the fraction, times
 * ln 2), scaled by output_scale and saturated at INT16_MAX; inputs of 0 or 1 give 0. The table
 * is built by codegen.ops.signal.log_table: 129 segments and a pad. Arithmetic in TFLite Micro's
 * uint32 / int32 widths. */
#include "rvfw_kernels.h"

enum { SCALE_BITS = 16, SEGMENT_BITS = 7, LN2_Q16 = 45426 };

static uint32_t log2_fraction(uint32_t x, uint32_t log2x, const uint16_t *table)
{
    int32_t frac = (int32_t)(x - (uint32_t)(1ull << log2x));
    if (log2x < SCALE_BITS) {
        frac = (int32_t)((uint32_t)frac << (SCALE_BITS - log2x));
    } else {
        frac >>= log2x - SCALE_BITS;
    }
    const uint32_t segment = (uint32_t)frac >> (SCALE_BITS - SEGMENT_BITS);
    const int32_t c0 = table[segment], c1 = table[segment + 1];
    const int32_t base = (int32_t)(((1u << SCALE_BITS) >> SEGMENT_BITS) * segment);
    const int32_t rel = ((c1 - c0) * (frac - base)) >> SCALE_BITS;
    return (uint32_t)(frac + c0 + rel);
}

static uint32_t log32(uint32_t x, uint32_t out_scale, const uint16_t *table)
{
    const uint32_t integer = 31u - (uint32_t)__builtin_clz(x);
    const uint32_t log2 = (integer << SCALE_BITS) + log2_fraction(x, integer, table);
    const uint32_t round = 1u << (SCALE_BITS - 1);
    const uint32_t loge = (uint32_t)(((uint64_t)LN2_Q16 * log2 + round) >> SCALE_BITS);
    return (out_scale * loge + round) >> SCALE_BITS;
}

RVFW_KERNEL void rvfw_signal_filter_bank_log_u32_ref(const rvfw_signal_log_params *p, const uint32_t *input,
                                         const uint16_t *log_table, int16_t *output)
{
    for (int32_t i = 0; i < p->channels; ++i) {
        const uint32_t scaled = input[i] << p->correction_bits;
        if (scaled > 1) {
            const uint32_t value = log32(scaled, p->output_scale, log_table);
            output[i] = (int16_t)(value < (uint32_t)INT16_MAX ? value : (uint32_t)INT16_MAX);
        } else {
            output[i] = 0;
        }
    }
}
