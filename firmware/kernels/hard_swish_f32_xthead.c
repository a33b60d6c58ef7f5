/* SPDX-License-Identifier: Apache-2.0 */
/* HARD_SWISH, float32, XTheadVector (C906): the RVV kernel's lanes (hard_swish_f32_rvv.c) on 32
 * float32 lanes: x * min(6, max(0, x + 3)) / 6 in the reference's order, the max and min as its
 * compare and select (a merge on the comparison's mask, not vfmax/vfmin: -0 and NaN). */
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_hard_swish_f32_xthead(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(p->size - i));
        XT_VLE(8, input + i);
        XT_VFADD_VF(16, 8, 3.0f);
        XT_VMFGT_VF(0, 16, 0.0f);
        XT_VMV_VX(24, 0);
        XT_VMERGE_VVM(24, 24, 16); /* relu: 0 < shifted ? shifted : 0 */
        XT_VMFGE_VF(0, 24, 6.0f);
        XT_VFMERGE_VFM(24, 24, 6.0f); /* relu6: relu < 6 ? relu : 6 (never NaN) */
        XT_VFMUL_VV(8, 8, 24);
        XT_VFDIV_VF(8, 8, 6.0f);
        XT_VSE(8, output + i);
        i += (int32_t)vl;
    }
}
