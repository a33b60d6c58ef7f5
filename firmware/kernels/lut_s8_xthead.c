/* SPDX-License-Identifier: Apache-2.0 */
/* Table activation, XTheadVector (C906): input bytes zero-extended to 32-bit offsets (vlbu.v), an
 * indexed byte load from the table (vlxb.v), the low bytes stored. */
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_lut_s8_xthead(const rvfw_lut_params *p, const int8_t *input, const int8_t *table, int8_t *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(p->size - i));
        XT_VLBU(8, input + i);
        XT_VLXB(16, table, 8);
        XT_VSB(16, output + i);
        i += (int32_t)vl;
    }
}
