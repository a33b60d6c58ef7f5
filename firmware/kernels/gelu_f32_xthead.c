/* SPDX-License-Identifier: Apache-2.0 */
/* GELU, float32 (exact form), XTheadVector (C906): gelu_f32_rvv's lanes on 8 float32 lanes at
 * LMUL 2: the same single-precision operations in the same order (no fused multiply-add), both of
 * Eigen's erfc branches computed and merged by x^2 > 1, x^2's rounding error exactly through
 * float64 lanes (vfwmul, vfwsub), the floor of Eigen's exp a conversion with fcsr.frm set to round
 * down (XTheadVector has no rounding-mode operand). The last size % 4 elements (Eigen's scalar
 * side, whose exp is the C library's) are gelu_f32_ref's. */
#include "rvfw_erfc_eigen.h"
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

/* register groups (LMUL 2; W is a float64 group of LMUL 4); v0 holds the masks */
#define X 2
#define XE 4 /* erfc's argument, clamped to [-11, 11] */
#define X2 6
#define BELOW 8
#define X2LO 10
#define W 12 /* v12-v15 */
#define NX 16
#define M 18
#define MI 20
#define R 22
#define R2 24
#define EVEN 26
#define ODD 28
#define TMP 30

/* acc = poly(x) over n coefficients, the highest power first */
#define XT_POLY(acc, x, c, n)                                                                              \
    do {                                                                                                   \
        XT_VFMV_VF(acc, (c)[0]);                                                                           \
        for (int k_ = 1; k_ < (n); ++k_) {                                                                 \
            XT_VFMUL_VV(acc, acc, x);                                                                      \
            XT_VFADD_VF(acc, acc, (c)[k_]);                                                                \
        }                                                                                                  \
    } while (0)

RVFW_KERNEL void rvfw_gelu_f32_xthead(const rvfw_lut_params *p, const float *input, float *output)
{
    const int32_t vector_end = p->size - p->size % 4;
    for (int32_t i = vector_end; i < p->size; ++i)
        output[i] = rvfw_gelu_eigen(input[i], i, p->size);
    for (int32_t i = 0; i < vector_end;) {
        const size_t vl = rvfw_xt_setvl_e32m2((size_t)(vector_end - i));
        XT_VLE(X, input + i);
        XT_VFMUL_VF(XE, X, (float)-0.70710678118654752440);
        XT_VMFGT_VF(0, XE, 11.0f);
        XT_VFMERGE_VFM(XE, XE, 11.0f);
        XT_VMFLT_VF(0, XE, -11.0f);
        XT_VFMERGE_VFM(XE, XE, -11.0f);
        XT_VFMUL_VV(X2, XE, XE);
        /* x^2 <= 1: 1 + x S(x^2) */
        XT_POLY(BELOW, X2, rvfw_erfc_small, 6);
        XT_VFMUL_VV(BELOW, XE, BELOW);
        XT_VFADD_VF(BELOW, BELOW, 1.0f);
        /* x^2's rounding error, exact in float64 */
        XT_VFWMUL_VV(W, XE, XE);
        XT_VFWSUB_WV(W, W, X2);
        XT_VFNCVT_F_F(X2LO, W);
        /* Eigen's exp of -x^2 (gelu_f32_ref's rvfw_eigen_expf) */
        XT_VFMUL_VF(NX, X2, -1.0f);
        XT_VFMUL_VF(M, NX, 1.44269504088896341f);
        XT_VFADD_VF(M, M, 0.5f);
        uintptr_t frm;
        __asm__ volatile("csrrwi %0, frm, 2" : "=r"(frm)); /* round down: floor */
        XT_VFCVT_X_F(MI, M);
        __asm__ volatile("csrw frm, %0" ::"r"(frm));
        XT_VFCVT_F_X(M, MI);
        XT_VFMUL_VF(R, M, -0.693359375f);
        XT_VFADD_VV(R, R, NX);
        XT_VFMUL_VF(TMP, M, 2.12194440e-4f);
        XT_VFADD_VV(R, TMP, R);
        XT_VFMUL_VV(R2, R, R);
        XT_VFMUL_VF(EVEN, R2, 1.37449637986719608306884765625e-3f);
        XT_VFADD_VF(EVEN, EVEN, 4.166965186595916748046875e-2f);
        XT_VFMUL_VF(ODD, R2, 8.36894474923610687255859375e-3f);
        XT_VFADD_VF(ODD, ODD, 0.16666518151760101318359375f);
        XT_VFMUL_VV(EVEN, R2, EVEN);
        XT_VFADD_VF(EVEN, EVEN, 0.49999988079071044921875f);
        XT_VFMUL_VV(ODD, R, ODD);
        XT_VFADD_VV(ODD, ODD, EVEN); /* y */
        XT_VFMUL_VV(ODD, R2, ODD);
        XT_VFADD_VF(R, R, 1.0f);
        XT_VFADD_VV(ODD, ODD, R); /* y = r2 y + (r + 1) */
        /* y 2^m in four power-of-two factors, m clamped to [-278, 278] */
        XT_VMAX_VX(MI, MI, -278);
        XT_VMIN_VX(MI, MI, 278);
        XT_VSRA_VX(M, MI, 2); /* b */
        XT_VADD_VX(R, M, 127);
        XT_VSLL_VX(R, R, 23); /* 2^b */
        XT_VFMUL_VV(ODD, ODD, R);
        XT_VFMUL_VV(ODD, ODD, R);
        XT_VFMUL_VV(ODD, ODD, R);
        XT_VMUL_VX(M, M, 3);
        XT_VSUB_VV(MI, MI, M);
        XT_VADD_VX(MI, MI, 127);
        XT_VSLL_VX(MI, MI, 23); /* 2^(e - 3b) */
        XT_VFMUL_VV(ODD, ODD, MI);
        XT_VFMAX_VV(ODD, ODD, NX);
        XT_VMFLT_VF(0, NX, -104.0f);
        XT_VFMERGE_VFM(ODD, ODD, 0.0f); /* e */
        /* z = e - e x2_lo; x^2 > 1: z P(1/x^2) / (x Q(1/x^2)) + (2 below zero) */
        XT_VFMUL_VV(TMP, ODD, X2LO);
        XT_VFSUB_VV(ODD, ODD, TMP); /* z */
        XT_VFRDIV_VF(NX, X2, 1.0f); /* q2 */
        XT_POLY(M, NX, rvfw_erfc_num, 4);
        XT_POLY(R, NX, rvfw_erfc_den, 5);
        XT_VFMUL_VV(R, XE, R);
        XT_VFDIV_VV(M, M, R);
        XT_VFMV_VF(R2, 0.0f);
        XT_VMFLT_VF(0, XE, 0.0f);
        XT_VFMERGE_VFM(R2, R2, 2.0f);
        XT_VFMUL_VV(ODD, ODD, M);
        XT_VFADD_VV(ODD, ODD, R2); /* above */
        XT_VMFGT_VF(0, X2, 1.0f);
        XT_VMERGE_VVM(BELOW, BELOW, ODD); /* erfc */
        XT_VFMUL_VF(EVEN, X, 0.5f);
        XT_VFMUL_VV(EVEN, EVEN, BELOW);
        XT_X86_NAN_OF(EVEN, X, TMP);
        XT_VSE(EVEN, output + i);
        i += (int32_t)vl;
    }
}
