/* SPDX-License-Identifier: Apache-2.0 */
/* ADD, int8, same-shape inputs: scalar reference. Both inputs are rescaled to a
 * common scale with 20 bits of headroom, summed, then rescaled to the output. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_add_s8_ref(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    for (int32_t i = 0; i < p->size; ++i) {
        const int32_t shifted1 = (input1[i] + p->input1_offset) * (1 << p->left_shift);
        const int32_t shifted2 = (input2[i] + p->input2_offset) * (1 << p->left_shift);
        const int32_t scaled1 = rvfw_requantize(shifted1, p->input1_multiplier, p->input1_shift);
        const int32_t scaled2 = rvfw_requantize(shifted2, p->input2_multiplier, p->input2_shift);
        const int32_t sum = scaled1 + scaled2;
        output[i] = RVFW_OUTPUT_S8(p, sum, p->output_multiplier, p->output_shift);
    }
}
