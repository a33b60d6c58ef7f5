/* SPDX-License-Identifier: Apache-2.0 */
/* An int16 activation through LiteRT's int16 table (its lut.h: 513 entries populated at build time
 * by codegen.ops.lut16, read by the interpolating LUTLookup, rvfw_lut16.h): EXP and GELU int16.
 * Safe in place (output == input). */
#include "rvfw_kernels.h"
#include "rvfw_lut16.h"

RVFW_KERNEL void rvfw_lut_s16_ref(const rvfw_lut_params *p, const int16_t *input, const int16_t *table,
                                  int16_t *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = rvfw_lut16_lookup(input[i], table);
}
