/* SPDX-License-Identifier: Apache-2.0 */
/* Strided copy of rows (CONCATENATION, PACK), RVV: each row in LMUL-8 byte strips. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_copy_rows_s8_rvv(const rvfw_copy_rows_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t r = 0; r < p->rows; ++r) {
        const int8_t *in = input + r * p->row_bytes;
        int8_t *out = output + r * p->out_row_bytes + p->out_offset;
        for (int32_t i = 0; i < p->row_bytes;) {
            const size_t vl = __riscv_vsetvl_e8m8((size_t)(p->row_bytes - i));
            __riscv_vse8_v_i8m8(out + i, __riscv_vle8_v_i8m8(in + i, vl), vl);
            i += (int32_t)vl;
        }
    }
}
