/* SPDX-License-Identifier: Apache-2.0 */
/* LOGICAL_NOT of a bool tensor (one byte each, 0 or 1). */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_logical_not_b_ref(const rvfw_lut_params *p, const uint8_t *input, uint8_t *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = (uint8_t)!input[i];
}
