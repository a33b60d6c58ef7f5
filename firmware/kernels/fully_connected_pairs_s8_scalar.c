/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED, int8, for cores whose multiply costs more than an add: two output units per
 * 32-bit multiply (rvfw_pairs_scalar.h), the weights packed in pairs at build time. One batch row
 * runs eight units at a time (each input byte loaded once for eight), two rows four units (each
 * packed word loaded once for both). The input offset is folded into the bias. */
#include "rvfw_kernels.h"
#include "rvfw_pairs_scalar.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_fully_connected_pairs_s8_scalar(const rvfw_fc_params *p, const int8_t *input,
                                                      const int32_t *pairs, const int32_t *bias_folded,
                                                      const int32_t *output_multiplier, const int8_t *output_shift,
                                                      int8_t *output)
{
    const int32_t depth = p->accum_depth, units = p->out_depth, fast = p->fast_requant;
    const int32_t offset = p->output_offset, lo = p->output_activation_min, hi = p->output_activation_max;
    const int32_t block_words = 2 * depth; /* one block of four units */
    int32_t b = 0;
    for (; b + 2 <= p->batches; b += 2) { /* two rows, four units a pass */
        const int8_t *x0 = input + b * depth;
        int8_t *out = output + b * units;
        for (int32_t u = 0; u < units; u += 4) {
            int32_t acc[8];
            rvfw_pairs_2x4(x0, x0 + depth, depth, pairs + u / 4 * block_words, acc);
            for (int32_t i = 0; i < 4 && u + i < units; ++i) {
                const int32_t c = u + i, m = output_multiplier[c], s = output_shift[c], bias = bias_folded[c];
                out[c] = RVFW_OUTPUT_S8_FAST(fast, acc[i] + bias, m, s, offset, lo, hi);
                out[units + c] = RVFW_OUTPUT_S8_FAST(fast, acc[4 + i] + bias, m, s, offset, lo, hi);
            }
        }
    }
    for (; b < p->batches; ++b) { /* one row, eight units a pass (the last pass's second block may be past the end) */
        const int8_t *x = input + b * depth;
        int8_t *out = output + b * units;
        for (int32_t u = 0; u < units; u += 8) {
            int32_t acc[8];
            const int32_t *w = pairs + u / 4 * block_words;
            rvfw_pairs_1x8(x, depth, w, u + 4 < units ? w + block_words : w, acc);
            for (int32_t i = 0; i < 8 && u + i < units; ++i) {
                const int32_t c = u + i;
                out[c] = RVFW_OUTPUT_S8_FAST(fast, acc[i] + bias_folded[c], output_multiplier[c], output_shift[c],
                                             offset, lo, hi);
            }
        }
    }
}
