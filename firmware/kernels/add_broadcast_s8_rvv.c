/* SPDX-License-Identifier: Apache-2.0 */
/* ADD with broadcasting, int8, RVV 1.0: the reference's arithmetic on int32 lanes along each innermost run of
 * the broadcast (an operand repeated along it is one scalar in every lane). */
#include "rvfw_broadcast.h"
#include "rvfw_rvv.h"

static void row(const rvfw_binary_params *p, const int8_t *a, int32_t sa, const int8_t *b, int32_t sb, int8_t *out,
                int32_t n)
{
    for (int32_t i = 0; i < n;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(n - i));
        const vint32m8_t x = rvfw_load_s8_strided(a + i * sa, sa, vl), y = rvfw_load_s8_strided(b + i * sb, sb, vl);
        RVFW_STORE_BINARY(p, __riscv_vadd_vv_i32m8(RVFW_RESCALED_OPERAND(p, x, input1, vl), RVFW_RESCALED_OPERAND(p, y, input2, vl), vl), out + i, vl);
        i += (int32_t)vl;
    }
}

void rvfw_add_broadcast_s8_rvv(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
    RVFW_BROADCAST_ROWS(p, a, b, output, row);
}
