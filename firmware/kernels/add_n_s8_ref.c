/* SPDX-License-Identifier: Apache-2.0 */
/* ADD_N, int8: TFLite Micro's quantized AddN, one call per input. The first call starts each
 * element's int32 sum at the rescaled input offset; every call adds its input's rescaled value;
 * the last one writes the sum rescaled to the output (rvfw_scaled_sum.h). */
#include "rvfw_scaled_sum.h"

RVFW_KERNEL void rvfw_add_n_s8_ref(const rvfw_add_n_params *p, const int8_t *input, int32_t *sum, int8_t *output)
{
    const int32_t start = rvfw_scaled_start(&p->q);
    for (int32_t i = 0; i < p->size; ++i) {
        const int32_t total = (p->first ? start : sum[i]) + rvfw_scaled_term(&p->q, input[i]);
        if (p->last)
            output[i] = rvfw_scaled_output(&p->q, total);
        else
            sum[i] = total;
    }
}
