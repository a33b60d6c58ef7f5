/* SPDX-License-Identifier: Apache-2.0 */
/* EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL of two int32 tensors with broadcasting,
 * RVV (Zve32x too): one vector compare per strip of an innermost run (rvfw_compare_rvv.h). */
#include "rvfw_binary_s32_rvv.h"
#include "rvfw_compare_rvv.h"

RVFW_COMPARE_RVV_ROWS(int32_t, vint32m8_t, rvfw_load_s32_run,
                      __riscv_vmseq_vv_i32m8_b4, __riscv_vmsne_vv_i32m8_b4, __riscv_vmslt_vv_i32m8_b4,
                      __riscv_vmsle_vv_i32m8_b4, __riscv_vmsgt_vv_i32m8_b4, __riscv_vmsge_vv_i32m8_b4)

RVFW_KERNEL void rvfw_compare_s32_rvv(const rvfw_compare_params *p, const int32_t *a, const int32_t *b, uint8_t *output)
{
    RVFW_COMPARE_RVV(p, int32_t, a, b, output);
}
