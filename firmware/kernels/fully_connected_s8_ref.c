/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED, int8: scalar reference (TFLM's double rounding; LiteRT's single rounding for a
 * model only LiteRT runs, p->single_rounding). */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_fully_connected_s8_ref(const rvfw_fc_params *p, const int8_t *input, const int8_t *filter, const int32_t *bias,
                                 const int32_t *output_multiplier, const int32_t *output_shift, int8_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_row = input + b * p->accum_depth;
        for (int32_t oc = 0; oc < p->out_depth; ++oc) {
            const int8_t *f_row = filter + oc * p->accum_depth;
            int32_t acc = 0;
            for (int32_t d = 0; d < p->accum_depth; ++d)
                acc += (f_row[d] + p->filter_offset) * (in_row[d] + p->input_offset);
            if (bias)
                acc += bias[oc];
            *output++ = RVFW_OUTPUT_S8_ROUNDING(p, acc, output_multiplier[oc], output_shift[oc]);
        }
    }
}
