/* SPDX-License-Identifier: Apache-2.0 */
/* ADD, int16 (16x8) with broadcasting, RVV: the reference's arithmetic on int32 lanes along each
 * innermost run of the broadcast (RVFW_BINARY_ROW_S16): both operands rescaled to the common scale (15 bits of headroom), summed, requantised and clamped
 * to the activation's int16 range. 32-bit lanes: Zve32x too. */
#include "rvfw_broadcast.h"
#include "rvfw_rvv.h"

#define SUM(p, x, y, vl) __riscv_vadd_vv_i32m8(RVFW_RESCALED_OPERAND(p, x, input1, vl), RVFW_RESCALED_OPERAND(p, y, input2, vl), vl)
RVFW_BINARY_ROW_S16(row, SUM)

RVFW_KERNEL void rvfw_add_broadcast_s16_rvv(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output)
{
    RVFW_BROADCAST_RUNS(p, int16_t, a, b, output, row);
}
