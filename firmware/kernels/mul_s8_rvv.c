/* SPDX-License-Identifier: Apache-2.0 */
/* MUL, int8, RVV 1.0: the reference's arithmetic on int32 lanes along each innermost run of
 * the broadcast (RVFW_BINARY_ROW_S8), combining the offset operands' product. */
#include "rvfw_broadcast.h"
#include "rvfw_rvv.h"

#define PRODUCT(p, x, y, vl) __riscv_vmul_vv_i32m8(__riscv_vadd_vx_i32m8(x, (p)->input1_offset, vl), __riscv_vadd_vx_i32m8(y, (p)->input2_offset, vl), vl)
RVFW_BINARY_ROW_S8(row, PRODUCT)

RVFW_KERNEL void rvfw_mul_s8_rvv(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
    RVFW_BROADCAST_ROWS(p, a, b, output, row);
}
