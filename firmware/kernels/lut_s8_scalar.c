/* SPDX-License-Identifier: Apache-2.0 */
/* An int8 table lookup (an activation, or an int8 -> int8 QUANTIZE: codegen builds the 256
 * entries), fast scalar: four bytes a pass, each read before any of the four is written (the
 * output may be the input, in place), the table indexed by the byte read as unsigned. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_lut_s8_scalar(const rvfw_lut_params *p, const int8_t *input, const int8_t *table, int8_t *output)
{
    const uint8_t *in = (const uint8_t *)input;
    const int32_t size = p->size;
    int32_t i = 0;
    for (; i + 3 < size; i += 4) {
        const uint8_t a = in[i], b = in[i + 1], c = in[i + 2], d = in[i + 3];
        output[i] = table[a];
        output[i + 1] = table[b];
        output[i + 2] = table[c];
        output[i + 3] = table[d];
    }
    for (; i < size; ++i)
        output[i] = table[in[i]];
}
