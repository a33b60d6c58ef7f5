/* SPDX-License-Identifier: Apache-2.0 */
/* MUL, int16 (16x8) with broadcasting, RVV: the reference's arithmetic on int32 lanes along each
 * innermost run of the broadcast (RVFW_BINARY_ROW_S16): the operands multiplied, requantised and clamped
 * to the activation's int16 range. 32-bit lanes: Zve32x too. */
#include "rvfw_broadcast.h"
#include "rvfw_rvv.h"

#define PRODUCT(p, x, y, vl) __riscv_vmul_vv_i32m8(__riscv_vadd_vx_i32m8(x, (p)->input1_offset, vl), __riscv_vadd_vx_i32m8(y, (p)->input2_offset, vl), vl)
RVFW_BINARY_ROW_S16(row, PRODUCT)

RVFW_KERNEL void rvfw_mul_s16_rvv(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output)
{
    RVFW_BROADCAST_RUNS(p, int16_t, a, b, output, row);
}
