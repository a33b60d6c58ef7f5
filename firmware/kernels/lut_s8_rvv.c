/* SPDX-License-Identifier: Apache-2.0 */
/* Table activation, RVV 1.0: the input bytes, read as unsigned, are the byte offsets of an indexed
 * load from the table (one vluxei8 per LMUL-8 group). */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_lut_s8_rvv(const rvfw_lut_params *p, const int8_t *input, const int8_t *table, int8_t *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e8m8((size_t)(p->size - i));
        const vuint8m8_t index = __riscv_vle8_v_u8m8((const uint8_t *)input + i, vl);
        __riscv_vse8_v_i8m8(output + i, __riscv_vluxei8_v_i8m8(table, index, vl), vl);
        i += (int32_t)vl;
    }
}
