/* SPDX-License-Identifier: Apache-2.0 */
/* GELU, float32, tanh form, XTheadVector (C906): gelu_tanh_f32_ref lane by lane on 8 float32 lanes
 * at LMUL 2, the same single-precision operations in the same order (no fused multiply-add); the
 * clamp a compare and merge, so a NaN stays one as in the reference. */
#include "rvfw_kernels.h"
#include "rvfw_tanh_eigen.h"
#include "rvfw_xthead.h"

/* register groups (LMUL 2); v0 holds the masks */
#define X 2
#define T 4 /* tanh's argument, clamped */
#define T2 6
#define T3 8
#define P 10
#define Q 12
#define OUT 14
#define TMP 16

RVFW_KERNEL void rvfw_gelu_tanh_f32_xthead(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = rvfw_xt_setvl_e32m2((size_t)(p->size - i));
        XT_VLE(X, input + i);
        XT_VFMUL_VV(T, X, X);
        XT_VFMUL_VV(T, T, X); /* (x x) x */
        XT_VFMUL_VF(T, T, 0.044715f);
        XT_VFADD_VV(T, X, T);
        XT_VFMUL_VF(T, T, RVFW_SQRT_2_OVER_PI);
        XT_VMFGT_VF(0, T, RVFW_TANH_EIGEN_CLAMP);
        XT_VFMERGE_VFM(T, T, RVFW_TANH_EIGEN_CLAMP);
        XT_VMFLT_VF(0, T, -RVFW_TANH_EIGEN_CLAMP);
        XT_VFMERGE_VFM(T, T, -RVFW_TANH_EIGEN_CLAMP);
        XT_VFMUL_VV(T2, T, T);
        XT_VFMUL_VV(T3, T2, T);
        XT_VFMV_VF(P, rvfw_tanh_eigen_num[0]);
        for (int k = 1; k < 4; ++k) {
            XT_VFMUL_VV(P, P, T2);
            XT_VFADD_VF(P, P, rvfw_tanh_eigen_num[k]);
        }
        XT_VFMV_VF(Q, rvfw_tanh_eigen_den[0]);
        for (int k = 1; k < 5; ++k) {
            XT_VFMUL_VV(Q, Q, T2);
            XT_VFADD_VF(Q, Q, rvfw_tanh_eigen_den[k]);
        }
        XT_VFMUL_VV(P, T3, P);
        XT_VFADD_VV(P, P, T);
        XT_VFDIV_VV(P, P, Q); /* tanh */
        XT_VFADD_VF(P, P, 1.0f);
        XT_VFMUL_VF(OUT, X, 0.5f);
        XT_VFMUL_VV(OUT, OUT, P);
        XT_X86_NAN_OF(OUT, X, TMP);
        XT_VSE(OUT, output + i);
        i += (int32_t)vl;
    }
}
