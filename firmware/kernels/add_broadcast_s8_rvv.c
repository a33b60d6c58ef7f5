/* SPDX-License-Identifier: Apache-2.0 */
/* ADD with broadcasting, int8, RVV 1.0: the reference's arithmetic on int32 lanes along each innermost run of
 * the broadcast (RVFW_BINARY_ROW_S8), combining the rescaled operands' sum. */
#include "rvfw_broadcast.h"
#include "rvfw_rvv.h"

#define SUM(p, x, y, vl) __riscv_vadd_vv_i32m8(RVFW_RESCALED_OPERAND(p, x, input1, vl), RVFW_RESCALED_OPERAND(p, y, input2, vl), vl)
RVFW_BINARY_ROW_S8(row, SUM)

RVFW_KERNEL void rvfw_add_broadcast_s8_rvv(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
    RVFW_BROADCAST_ROWS(p, a, b, output, row);
}
