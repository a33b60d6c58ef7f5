/* SPDX-License-Identifier: Apache-2.0 */
/* SQUARED_DIFFERENCE, int8, RVV 1.0: the reference's arithmetic on int32 lanes along each
 * innermost run of the broadcast (RVFW_BINARY_ROW_S8), squaring the rescaled operands' difference. */
#include "rvfw_broadcast.h"
#include "rvfw_rvv.h"

static inline vint32m8_t rvfw_square_of_difference(const rvfw_binary_params *p, vint32m8_t x, vint32m8_t y, size_t vl)
{
    const vint32m8_t d = __riscv_vsub_vv_i32m8(RVFW_RESCALED_OPERAND(p, x, input1, vl),
                                               RVFW_RESCALED_OPERAND(p, y, input2, vl), vl);
    return __riscv_vmul_vv_i32m8(d, d, vl);
}
#define SQUARE_OF_DIFFERENCE(p, x, y, vl) rvfw_square_of_difference(p, x, y, vl)
RVFW_BINARY_ROW_S8(row, SQUARE_OF_DIFFERENCE)

RVFW_KERNEL void rvfw_squared_difference_s8_rvv(const rvfw_binary_params *p, const int8_t *a, const int8_t *b,
                                                int8_t *output)
{
    RVFW_BROADCAST_ROWS(p, a, b, output, row);
}
