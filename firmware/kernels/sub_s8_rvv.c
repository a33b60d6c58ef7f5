/* SPDX-License-Identifier: Apache-2.0 */
/* SUB, int8, RVV 1.0: the reference's arithmetic on int32 lanes along each innermost run of
 * the broadcast (RVFW_BINARY_ROW_S8), combining the rescaled operands' difference. */
#include "rvfw_broadcast.h"
#include "rvfw_rvv.h"

#define DIFFERENCE(p, x, y, vl) __riscv_vsub_vv_i32m8(RVFW_RESCALED_OPERAND(p, x, input1, vl), RVFW_RESCALED_OPERAND(p, y, input2, vl), vl)
RVFW_BINARY_ROW_S8(row, DIFFERENCE)

RVFW_KERNEL void rvfw_sub_s8_rvv(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
    RVFW_BROADCAST_ROWS(p, a, b, output, row);
}
