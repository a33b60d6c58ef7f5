/* SPDX-License-Identifier: Apache-2.0 */
/* SUB, int8, XTheadVector (C906): the reference's arithmetic on 32 int32 lanes along each
 * innermost run of the broadcast (strided byte loads: stride 0 repeats a value in every lane). */
#include "rvfw_broadcast.h"
#include "rvfw_xthead.h"

static void row(const rvfw_binary_params *p, const int8_t *a, int32_t sa, const int8_t *b, int32_t sb, int8_t *out,
                int32_t n)
{
    for (int32_t i = 0; i < n;) {
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(n - i));
        XT_VLSB(8, a + i * sa, sa);
        XT_VLSB(16, b + i * sb, sb);
        RVFW_XT_RESCALED_OPERANDS(p);
        XT_VSUB_VV(8, 8, 16);
        RVFW_XT_STORE_OUTPUT(p, out + i);
        i += (int32_t)vl;
    }
}

void rvfw_sub_s8_xthead(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
    rvfw_xt_round_nearest_up();
    RVFW_BROADCAST_ROWS(p, a, b, output, row);
}
