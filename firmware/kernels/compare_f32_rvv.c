/* SPDX-License-Identifier: Apache-2.0 */
/* EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL of two float32 tensors with
 * broadcasting, RVV (V, Zve32f): one vector compare per strip of an innermost run
 * (rvfw_compare_rvv.h), with C's answers on NaN (only NOT_EQUAL is true) and on -0 == +0. */
#include "rvfw_binary_f32_rvv.h"
#include "rvfw_compare_rvv.h"

RVFW_COMPARE_RVV_ROWS(float, vfloat32m8_t, rvfw_load_f32_strided,
                      __riscv_vmfeq_vv_f32m8_b4, __riscv_vmfne_vv_f32m8_b4, __riscv_vmflt_vv_f32m8_b4,
                      __riscv_vmfle_vv_f32m8_b4, __riscv_vmfgt_vv_f32m8_b4, __riscv_vmfge_vv_f32m8_b4)

RVFW_KERNEL void rvfw_compare_f32_rvv(const rvfw_compare_params *p, const float *a, const float *b, uint8_t *output)
{
    RVFW_COMPARE_RVV(p, float, a, b, output);
}
