/* SPDX-License-Identifier: Apache-2.0 */
/* An int8 activation as a 256-entry table (codegen.ops.activation builds it with TFLite Micro's
 * arithmetic): output[i] = table[(uint8_t)input[i]]. Safe in place (output == input). */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_lut_s8_ref(const rvfw_lut_params *p, const int8_t *input, const int8_t *table, int8_t *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = table[(uint8_t)input[i]];
}
