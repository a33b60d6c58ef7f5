/* SPDX-License-Identifier: Apache-2.0 */
/* SQUARED_DIFFERENCE, int8, XTheadVector (C906): the reference's arithmetic on 32 int32 lanes
 * along each innermost run of the broadcast (RVFW_XT_BINARY_ROW_S8), squaring the rescaled
 * operands' difference. */
#include "rvfw_broadcast.h"
#include "rvfw_xthead.h"

#define SQUARE_OF_DIFFERENCE(p) \
    do { \
        RVFW_XT_RESCALED_OPERANDS(p); \
        XT_VSUB_VV(8, 8, 16); \
        XT_VMUL_VV(8, 8, 8); \
    } while (0)
RVFW_XT_BINARY_ROW_S8(row, SQUARE_OF_DIFFERENCE)

RVFW_KERNEL void rvfw_squared_difference_s8_xthead(const rvfw_binary_params *p, const int8_t *a, const int8_t *b,
                                                   int8_t *output)
{
    rvfw_xt_round_nearest_up();
    RVFW_BROADCAST_ROWS(p, a, b, output, row);
}
