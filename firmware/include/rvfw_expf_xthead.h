/* SPDX-License-Identifier: Apache-2.0 */
/* rvfw_expf (rvfw_expf.h: the host C library's expf in double-precision steps) on XTheadVector
 * lanes, as rvfw_expf_rvv.h computes it: each float widened exactly into float64 lanes, the same
 * double operations in the same order (one IEEE rounding each), the 2^(j/32) table gathered per
 * lane, the result narrowed to nearest, and the two arguments where the host's FMA build differs
 * merged in. Fixed registers: the float32 argument in v2 (LMUL 2, vl set by the caller at SEW 32),
 * the result in v24; v4..v23 and v0 are clobbered. Bit for bit rvfw_expf. */
#ifndef RVFW_EXPF_XTHEAD_H
#define RVFW_EXPF_XTHEAD_H

#include "rvfw_expf.h"
#include "rvfw_xthead.h"

static inline void rvfw_xt_expf_v2_to_v24(size_t vl)
{
    const double inv_ln2_n = 0x1.71547652b82fep+0 * 32, shift = 0x1.8p+52;
    const double c0 = 0x1.c6af84b912394p-5 / 32 / 32 / 32, c1 = 0x1.ebfce50fac4f3p-3 / 32 / 32;
    const double c2 = 0x1.62e42ff0c52d6p-1 / 32;
    XT_VFWCVT_F_F(4, 2); /* v4: x as a double (SEW 64, LMUL 4 from here) */
    rvfw_xt_set_e64m4(vl);
    XT_VFMUL_VF_D(4, 4, inv_ln2_n);   /* z */
    XT_VFADD_VF_D(8, 4, shift);       /* shifted: its low bits are k */
    XT_VFSUB_VF_D(12, 8, shift);
    XT_VFSUB_VV(12, 4, 12);           /* r = z - (shifted - shift) */
    XT_VAND_VX(16, 8, 31);
    XT_VSLL_VX(16, 16, 3);
    XT_VLXE(20, rvfw_exp2f_table, 16);
    XT_VSLL_VX(16, 8, 52 - 5);
    XT_VADD_VV(20, 20, 16);           /* s = 2^(k/32) */
    XT_VFMUL_VF_D(8, 12, c0);
    XT_VFADD_VF_D(8, 8, c1);          /* p = r c0 + c1 */
    XT_VFMUL_VV(16, 12, 12);          /* r^2 */
    XT_VFMUL_VF_D(12, 12, c2);
    XT_VFADD_VF_D(12, 12, 1.0);       /* y = r c2 + 1 */
    XT_VFMUL_VV(8, 8, 16);
    XT_VFADD_VV(12, 8, 12);           /* y = p r^2 + y */
    XT_VFMUL_VV(12, 12, 20);
    rvfw_xt_setvl_e32m2(vl);
    XT_VFNCVT_F_F(24, 12);
    XT_VMFLT_VF(0, 2, -0x1.9fe368p6f); /* underflow: 0 */
    XT_VFMERGE_VFM(24, 24, 0.0f);
    XT_VMSEQ_VX(0, 2, (uint32_t)RVFW_EXPF_FMA_X0);
    XT_VMERGE_VXM(24, 24, (uint32_t)RVFW_EXPF_FMA_Y0);
    XT_VMSEQ_VX(0, 2, (uint32_t)RVFW_EXPF_FMA_X1);
    XT_VMERGE_VXM(24, 24, (uint32_t)RVFW_EXPF_FMA_Y1);
}

#endif
