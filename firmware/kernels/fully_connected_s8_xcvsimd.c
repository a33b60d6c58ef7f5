/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED, int8, on the CORE-V SIMD extension (CV32E40P): four MACs per cv.sdotsp.b, four
 * output units a pass (each input word loaded once for four), post-increment word loads; taps past
 * the last multiple of four as plain multiplies. The input offset is folded into the bias. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"
#include "rvfw_xcv.h"

RVFW_KERNEL void rvfw_fully_connected_s8_xcvsimd(const rvfw_fc_params *p, const int8_t *input, const int8_t *filter,
                                                 const int32_t *bias_folded, const int32_t *output_multiplier,
                                                 const int8_t *output_shift, int8_t *output)
{
    const int32_t depth = p->accum_depth, units = p->out_depth, fast = p->fast_requant;
    const int32_t offset = p->output_offset, lo = p->output_activation_min, hi = p->output_activation_max;
    for (int32_t b = 0; b < p->batches; ++b, input += depth, output += units) {
        for (int32_t u = 0; u < units; u += 4) {
            /* units past the end repeat the last one (computed, not stored) */
            const int32_t u1 = u + 1 < units ? u + 1 : u, u2 = u + 2 < units ? u + 2 : u1, u3 = u + 3 < units ? u + 3 : u2;
            const int8_t *x = input, *w0 = filter + u * depth, *w1 = filter + u1 * depth;
            const int8_t *w2 = filter + u2 * depth, *w3 = filter + u3 * depth;
            int32_t a0 = bias_folded[u], a1 = bias_folded[u1], a2 = bias_folded[u2], a3 = bias_folded[u3];
            for (int32_t k = depth >> 2; k > 0; --k) {
                int32_t v, c0, c1, c2, c3;
                RVFW_LW_POST4(v, x);
                RVFW_LW_POST4(c0, w0);
                RVFW_LW_POST4(c1, w1);
                RVFW_LW_POST4(c2, w2);
                RVFW_LW_POST4(c3, w3);
                RVFW_SDOTSP_B(a0, v, c0);
                RVFW_SDOTSP_B(a1, v, c1);
                RVFW_SDOTSP_B(a2, v, c2);
                RVFW_SDOTSP_B(a3, v, c3);
            }
            for (int32_t k = 0; k < (depth & 3); ++k) {
                const int32_t v = x[k];
                a0 += v * w0[k], a1 += v * w1[k], a2 += v * w2[k], a3 += v * w3[k];
            }
            const int32_t acc[4] = {a0, a1, a2, a3};
            for (int32_t i = 0; i < 4 && u + i < units; ++i)
                output[u + i] = RVFW_OUTPUT_S8_FAST(fast, acc[i], output_multiplier[u + i], output_shift[u + i], offset,
                                                    lo, hi);
        }
    }
}
