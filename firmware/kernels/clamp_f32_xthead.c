/* SPDX-License-Identifier: Apache-2.0 */
/* RELU, RELU6, RELU_N1_TO_1, RELU_0_TO_1 float32, XTheadVector (C906): clamp_f32_rvv's compares and
 * merges on 32 float32 lanes (the reference's bits for NaN and -0 too). */
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_clamp_f32_xthead(const rvfw_lut_params *p, const float *input, const float *act, float *output)
{
    const float lo = act[0], hi = act[1];
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(p->size - i));
        XT_VLE(8, input + i);
        XT_VMFLT_VF(0, 8, lo);
        XT_VFMERGE_VFM(8, 8, lo); /* x < lo ? lo : x */
        XT_VMFGT_VF(0, 8, hi);
        XT_VFMERGE_VFM(8, 8, hi); /* x > hi ? hi : x */
        XT_VSE(8, output + i);
        i += (int32_t)vl;
    }
}
