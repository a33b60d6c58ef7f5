/* SPDX-License-Identifier: Apache-2.0 */
/* LOGISTIC, float32, XTheadVector (C906): TFLite's reference logistic (rvfw_logisticf) lane by
 * lane, as logistic_f32_rvv.c: 1 above 16.619..., exp(x) below -9, else 1 / (1 + exp(-x)) in
 * single precision, the exp in float64 lanes (rvfw_expf_xthead.h, bit for bit rvfw_expf). */
#include "rvfw_expf_xthead.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_logistic_f32_xthead(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = rvfw_xt_setvl_e32m2((size_t)(p->size - i));
        XT_VLE(26, input + i);
        XT_VXOR_VX(2, 26, 0x80000000); /* -x */
        XT_VMFLT_VF(0, 26, -9.0f);
        XT_VMERGE_VVM(2, 2, 26); /* the exp's argument: x below -9, else -x */
        rvfw_xt_expf_v2_to_v24(vl);
        XT_VFADD_VF(28, 24, 1.0f);
        XT_VFRDIV_VF(28, 28, 1.0f);
        XT_VMFLT_VF(0, 26, -9.0f);
        XT_VMERGE_VVM(28, 28, 24);
        XT_VMFGT_VF(0, 26, 16.619047164916992188f);
        XT_VFMERGE_VFM(28, 28, 1.0f);
        XT_VSE(28, output + i);
        i += (int32_t)vl;
    }
}
