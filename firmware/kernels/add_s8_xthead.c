/* SPDX-License-Identifier: Apache-2.0 */
/* ADD, int8, same-shape inputs, XTheadVector (C906): the reference's arithmetic on 32 int32 lanes. */
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_add_s8_xthead(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    rvfw_xt_round_nearest_up();
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(p->size - i));
        XT_VLB(8, input1 + i);
        XT_VLB(16, input2 + i);
        RVFW_XT_RESCALED_OPERANDS(p);
        XT_VADD_VV(8, 8, 16);
        RVFW_XT_STORE_OUTPUT(p, output + i);
        i += (int32_t)vl;
    }
}
