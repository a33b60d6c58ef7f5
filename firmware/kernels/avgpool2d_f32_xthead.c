/* SPDX-License-Identifier: Apache-2.0 */
/* AVERAGE_POOL_2D, float32, XTheadVector (C906): the reference's arithmetic (avgpool2d_f32_ref.c) on
 * 32 float32 lanes of channels: each lane adds the window's cells inside the input in the
 * reference's order (rows, then columns) from +0.0f, divides by their count (IEEE division; a
 * window wholly in the padding divides 0 by 0, as the reference), then the clamp as compare and
 * merge (NaN and -0 as the reference's compares leave them). */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_avgpool2d_f32_xthead(const rvfw_pool_params *p, const float *input, const float *act,
                                           float *output)
{
    const int32_t ch = p->channels;
    const float lo = act[0], hi = act[1];
    RVFW_POOL_WINDOWS(p, input, output, ch, {
        const int32_t cells = (ky1 > ky0 ? ky1 - ky0 : 0) * (kx1 > kx0 ? kx1 - kx0 : 0);
        const float count = (float)cells;
        for (int32_t c = 0; c < ch;) {
            const size_t vl = rvfw_xt_setvl_e32m8((size_t)(ch - c));
            XT_VMV_VX(8, 0); /* +0.0f */
            for (int32_t ky = ky0; ky < ky1; ++ky)
                for (int32_t kx = kx0; kx < kx1; ++kx) {
                    XT_VLE(16, in_batch + ((y0 + ky) * p->in_w + x0 + kx) * ch + c);
                    XT_VFADD_VV(8, 8, 16);
                }
            XT_VFDIV_VF(8, 8, count);
            XT_VMFLT_VF(0, 8, lo);
            XT_VFMERGE_VFM(8, 8, lo);
            XT_VMFGT_VF(0, 8, hi);
            XT_VFMERGE_VFM(8, 8, hi);
            XT_VSE(8, output + c);
            c += (int32_t)vl;
        }
    })
}
