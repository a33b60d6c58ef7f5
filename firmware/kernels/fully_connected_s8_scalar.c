/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED, int8: fast portable C. Input offset folded into the bias at build time;
 * two output units per pass share each input load. TFLite Micro's double rounding, or LiteRT's
 * single one for a model only LiteRT runs (p->single_rounding). */
#include "rvfw_dot_scalar.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

/* The kernel's body for one rounding (a constant where it is inlined, so the test leaves the loop). */
static inline __attribute__((always_inline)) void units(const rvfw_fc_params *p, const int8_t *input,
                                                        const int8_t *filter, const int32_t *bias_folded,
                                                        const int32_t *output_multiplier, const int8_t *output_shift,
                                                        int8_t *output, const int single)
{
    const int32_t depth = p->accum_depth, units = p->out_depth;
    for (int32_t b = 0; b < p->batches; ++b, input += depth, output += units) {
        for (int32_t oc = 0; oc < units; oc += 2) {
            const int32_t oc1 = oc + 1 < units ? oc + 1 : oc;
            const int8_t *wa = filter + oc * depth, *wb = filter + oc1 * depth;
            int32_t acc_a = bias_folded[oc], acc_b = bias_folded[oc1];
            rvfw_dot2_s8_scalar(input, wa, wb, depth, &acc_a, &acc_b);
            if (single) {
                output[oc] = RVFW_OUTPUT_S8_SINGLE(p, acc_a, output_multiplier[oc], output_shift[oc]);
                output[oc1] = RVFW_OUTPUT_S8_SINGLE(p, acc_b, output_multiplier[oc1], output_shift[oc1]);
            } else {
                output[oc] = RVFW_OUTPUT_S8(p, acc_a, output_multiplier[oc], output_shift[oc]);
                output[oc1] = RVFW_OUTPUT_S8(p, acc_b, output_multiplier[oc1], output_shift[oc1]);
            }
        }
    }
}

RVFW_KERNEL void rvfw_fully_connected_s8_scalar(const rvfw_fc_params *p, const int8_t *input, const int8_t *filter,
                                                const int32_t *bias_folded, const int32_t *output_multiplier,
                                                const int8_t *output_shift, int8_t *output)
{
    if (p->single_rounding)
        units(p, input, filter, bias_folded, output_multiplier, output_shift, output, 1);
    else
        units(p, input, filter, bias_folded, output_multiplier, output_shift, output, 0);
}
