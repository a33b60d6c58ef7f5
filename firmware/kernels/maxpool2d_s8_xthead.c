/* SPDX-License-Identifier: Apache-2.0 */
/* MAX_POOL_2D, int8, XTheadVector (C906): channels across 32 int32 lanes, taps inside the input. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_maxpool2d_s8_xthead(const rvfw_pool_params *p, const int8_t *input, int8_t *output)
{
    const int32_t ch = p->channels;
    RVFW_POOL_WINDOWS(p, input, output, ch, {
        for (int32_t c0 = 0; c0 < ch;) {
            const size_t vl = rvfw_xt_setvl_e32m8((size_t)(ch - c0));
            XT_VMV_VX(8, INT8_MIN);
            for (int32_t ky = ky0; ky < ky1; ++ky)
                for (int32_t kx = kx0; kx < kx1; ++kx) {
                    XT_VLB(16, in_batch + ((y0 + ky) * p->in_w + x0 + kx) * ch + c0);
                    XT_VMAX_VV(8, 8, 16);
                }
            XT_VMAX_VX(8, 8, p->output_activation_min);
            XT_VMIN_VX(8, 8, p->output_activation_max);
            XT_VSB(8, output + c0);
            c0 += (int32_t)vl;
        }
    })
}
