/* SPDX-License-Identifier: Apache-2.0 */
/* int16 LOGISTIC and TANH: TFLite's table kernels (rvfw_sigmoid16.h). */
#include "rvfw_kernels.h"
#include "rvfw_sigmoid16.h"

RVFW_KERNEL void rvfw_sigmoid_s16_ref(const rvfw_sigmoid_s16_params *p, const int16_t *input, const uint16_t *sigmoid_table,
                          int16_t *output)
{
    for (int32_t i = 0; i < p->count; ++i)
        output[i] = p->tanh ? rvfw_tanh_s16(input[i], sigmoid_table, p->multiplier, p->shift)
                            : rvfw_sigmoid_s16(input[i], sigmoid_table, p->multiplier, p->shift);
}
