/* SPDX-License-Identifier: Apache-2.0 */
/* TANH, float32, XTheadVector (C906): rvfw_tanhf_rvv.h's lanes (every branch of the host's fdlibm
 * tanhf and of its expm1f computed on every lane with the same single-precision operations in the
 * same order, each lane then taking its branch's value by merges on masks) on 8 float32 lanes at
 * LMUL 2, where the fifteen register groups hold the live values without spilling. Bit for bit
 * rvfw_tanhf. The float-to-integer conversion of the reduction runs with fcsr.frm set to round
 * toward zero (XTheadVector has no rtz form), every other operation to nearest even. */
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

/* register groups (LMUL 2); v0 holds the masks */
#define X 2 /* expm1's argument */
#define MAG 4
#define K 6
#define C 8
#define XX 10
#define HX 12
#define HX2 14
#define R1 16
#define T 18
#define TMP 20
#define TMP2 22
#define E 24
#define RES0 26
#define OUT 28
#define SK 30

/* OUT = expm1f(X) for tanh's arguments: -2|x| in (-2, 0) (k = 0 to -3) and 2|x| in [2, 44)
 * (k = 3 to 63); the steps of rvfw_expm1f_tanh_f32m4, value for value. */
static inline void expm1f_lanes(void)
{
    const float ln2_hi = 6.9313812256e-01f, ln2_lo = 9.0580006145e-06f, inv_ln2 = 1.4426950216e+00f;
    XT_VAND_VX(MAG, X, 0x7fffffff);
    /* k = +-1: hi1 = x -+ ln2_hi, lo1 = +-ln2_lo */
    XT_VFSUB_VF(T, X, ln2_hi);
    XT_VFADD_VF(TMP, X, ln2_hi);
    XT_VMSGTU_VX(0, X, 0x7fffffff); /* negative */
    XT_VMERGE_VVM(T, T, TMP);
    XT_VFMV_VF(TMP, ln2_lo);
    XT_VFMERGE_VFM(TMP, TMP, -ln2_lo);
    XT_VMV_VX(K, 1);
    XT_VMERGE_VXM(K, K, -1);
    XT_VFMV_VF(TMP2, 0.5f);
    XT_VFMERGE_VFM(TMP2, TMP2, -0.5f);
    /* otherwise kn = (int)(inv_ln2 x +- 0.5), hin = x - kn ln2_hi, lon = kn ln2_lo */
    XT_VFMUL_VF(C, X, inv_ln2);
    XT_VFADD_VV(C, C, TMP2);
    uintptr_t frm;
    __asm__ volatile("csrrwi %0, frm, 1" : "=r"(frm)); /* round toward zero */
    XT_VFCVT_X_F(C, C);
    __asm__ volatile("csrw frm, %0" ::"r"(frm));
    XT_VFCVT_F_X(R1, C);
    XT_VFMUL_VF(TMP2, R1, ln2_hi);
    XT_VFSUB_VV(TMP2, X, TMP2);
    XT_VFMUL_VF(R1, R1, ln2_lo);
    XT_VMSLTU_VX(0, MAG, 0x3f851592); /* near: k = +-1 where reduced */
    XT_VMERGE_VVM(TMP2, TMP2, T);     /* hi */
    XT_VMERGE_VVM(R1, R1, TMP);       /* lo */
    XT_VMERGE_VVM(C, C, K);           /* k where reduced */
    XT_VFSUB_VV(T, TMP2, R1);         /* xr = hi - lo */
    XT_VFSUB_VV(TMP, TMP2, T);
    XT_VFSUB_VV(TMP, TMP, R1); /* cr = (hi - xr) - lo */
    XT_VMSGTU_VX(0, MAG, 0x3eb17218); /* reduced: |x| > ln2 / 2 */
    XT_VMV_VX(K, 0);
    XT_VMERGE_VVM(K, K, C);
    XT_VMV_VX(C, 0);
    XT_VMERGE_VVM(C, C, TMP);
    XT_VMV_VV(XX, X);
    XT_VMERGE_VVM(XX, XX, T);
    /* the rational approximation on the reduced argument */
    XT_VFMUL_VF(HX, XX, 0.5f);
    XT_VFMUL_VV(HX2, XX, HX);
    XT_VFMUL_VF(R1, HX2, -2.0109921195e-07f);
    XT_VFADD_VF(R1, R1, 4.0082177293e-06f);
    XT_VFMUL_VV(R1, HX2, R1);
    XT_VFADD_VF(R1, R1, -7.9365076090e-05f);
    XT_VFMUL_VV(R1, HX2, R1);
    XT_VFADD_VF(R1, R1, 1.5873016091e-03f);
    XT_VFMUL_VV(R1, HX2, R1);
    XT_VFADD_VF(R1, R1, -3.3333335072e-02f);
    XT_VFMUL_VV(R1, HX2, R1);
    XT_VFADD_VF(R1, R1, 1.0f);
    XT_VFMUL_VV(T, R1, HX);
    XT_VFRSUB_VF(T, T, 3.0f); /* t = 3 - r1 half_x */
    XT_VFMUL_VV(TMP, XX, T);
    XT_VFRSUB_VF(TMP, TMP, 6.0f);
    XT_VFSUB_VV(TMP2, R1, T);
    XT_VFDIV_VV(TMP2, TMP2, TMP);
    XT_VFMUL_VV(E, HX2, TMP2); /* e = half_x2 ((r1 - t) / (6 - x t)) */
    /* k == 0: x - (x e - half_x2) */
    XT_VFMUL_VV(TMP, XX, E);
    XT_VFSUB_VV(TMP, TMP, HX2);
    XT_VFSUB_VV(RES0, XX, TMP);
    /* e = x (e - c) - c - half_x2; e - x */
    XT_VFSUB_VV(TMP, E, C);
    XT_VFMUL_VV(TMP, XX, TMP);
    XT_VFSUB_VV(TMP, TMP, C);
    XT_VFSUB_VV(E, TMP, HX2);
    XT_VFSUB_VV(TMP2, E, XX);
    /* k == -1: 0.5 (x - e) - 0.5 */
    XT_VFSUB_VV(R1, XX, E);
    XT_VFMUL_VF(R1, R1, 0.5f);
    XT_VFSUB_VF(R1, R1, 0.5f);
    XT_VSLL_VX(SK, K, 23);
    /* k <= -2 or k > 56: (1 - (e - x)) 2^k - 1 */
    XT_VFRSUB_VF(T, TMP2, 1.0f);
    XT_VADD_VV(T, T, SK);
    XT_VFSUB_VF(T, T, 1.0f);
    /* 2 <= k < 23: ((1 - 2^-k) - (e - x)) 2^k */
    XT_VMV_VX(TMP, 0x1000000);
    XT_VSRL_VV(TMP, TMP, K);
    XT_VRSUB_VX(TMP, TMP, 0x3f800000);
    XT_VFSUB_VV(TMP, TMP, TMP2);
    XT_VADD_VV(TMP, TMP, SK);
    /* 23 <= k <= 56: ((x - (e + 2^-k)) + 1) 2^k */
    XT_VRSUB_VX(OUT, K, 0x7f);
    XT_VSLL_VX(OUT, OUT, 23);
    XT_VFADD_VV(OUT, E, OUT);
    XT_VFSUB_VV(OUT, XX, OUT);
    XT_VFADD_VF(OUT, OUT, 1.0f);
    XT_VADD_VV(OUT, OUT, SK);
    XT_VMSGT_VX(0, K, 56);
    XT_VMERGE_VVM(OUT, OUT, T);
    XT_VMSLT_VX(0, K, 23);
    XT_VMERGE_VVM(OUT, OUT, TMP);
    XT_VMSLE_VX(0, K, -2);
    XT_VMERGE_VVM(OUT, OUT, T);
    XT_VMSEQ_VX(0, K, -1);
    XT_VMERGE_VVM(OUT, OUT, R1);
    XT_VMSEQ_VX(0, K, 0);
    XT_VMERGE_VVM(OUT, OUT, RES0);
    XT_VMSLTU_VX(0, MAG, 0x33000000); /* |x| < 2^-25: x itself */
    XT_VMERGE_VVM(OUT, OUT, X);
}

RVFW_KERNEL void rvfw_tanh_f32_xthead(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = rvfw_xt_setvl_e32m2((size_t)(p->size - i));
        /* the argument: -2|x| below 1, 2|x| from 1 on */
        XT_VLE(OUT, input + i);
        XT_VAND_VX(MAG, OUT, 0x7fffffff);
        XT_VFMUL_VF(X, MAG, -2.0f);
        XT_VFMUL_VF(TMP, MAG, 2.0f);
        XT_VMSGTU_VX(0, MAG, 0x3f7fffff);
        XT_VMERGE_VVM(X, X, TMP);
        expm1f_lanes(); /* OUT = t */
        XT_VFADD_VF(T, OUT, 2.0f);
        XT_VFRDIV_VF(TMP, T, 2.0f);
        XT_VFRSUB_VF(TMP, TMP, 1.0f); /* 1 - 2 / (t + 2) */
        XT_VXOR_VX(TMP2, OUT, 0x80000000);
        XT_VFDIV_VV(TMP2, TMP2, T); /* -t / (t + 2) */
        /* x again (read before this strip's output is written, so in place too) */
        XT_VLE(X, input + i);
        XT_VAND_VX(MAG, X, 0x7fffffff);
        XT_VMSGTU_VX(0, MAG, 0x3f7fffff);
        XT_VMERGE_VVM(TMP2, TMP2, TMP);
        XT_VMSGTU_VX(0, MAG, 0x41afffff); /* |x| >= 22 */
        XT_VFMERGE_VFM(TMP2, TMP2, 1.0f - 1.0e-30f);
        XT_VAND_VX(TMP, X, 0x80000000);
        XT_VXOR_VV(TMP2, TMP2, TMP);
        /* |x| < 2^-55: x (1 + x); 0 and infinities as the scalar code */
        XT_VFADD_VF(TMP, X, 1.0f);
        XT_VFMUL_VV(TMP, X, TMP);
        XT_VMSLTU_VX(0, MAG, 0x24000000);
        XT_VMERGE_VVM(TMP2, TMP2, TMP);
        XT_VMSEQ_VX(0, MAG, 0);
        XT_VMERGE_VVM(TMP2, TMP2, X);
        XT_VFRDIV_VF(TMP, X, 1.0f);
        XT_VFADD_VF(T, TMP, 1.0f);
        XT_VFSUB_VF(TMP, TMP, 1.0f);
        XT_VMSGTU_VX(0, X, 0x7fffffff);
        XT_VMERGE_VVM(T, T, TMP);
        XT_VMSGTU_VX(0, MAG, 0x7f7fffff);
        XT_VMERGE_VVM(TMP2, TMP2, T);
        XT_VSE(TMP2, output + i);
        i += (int32_t)vl;
    }
}
