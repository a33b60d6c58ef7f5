/* SPDX-License-Identifier: Apache-2.0 */
/* AVERAGE_POOL_2D, int8, XTheadVector (C906): channels across 32 int32 lanes; padding cells
 * left out of the count, halves rounded away from zero, as the reference does. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_avgpool2d_s8_xthead(const rvfw_pool_params *p, const int8_t *input, int8_t *output)
{
    const int32_t ch = p->channels;
    RVFW_POOL_WINDOWS(p, input, output, ch, {
        const int32_t count = (ky1 - ky0) * (kx1 - kx0);
        for (int32_t c0 = 0; c0 < ch;) {
            const size_t vl = rvfw_xt_setvl_e32m8((size_t)(ch - c0));
            XT_VMV_VX(8, 0);
            for (int32_t ky = ky0; ky < ky1; ++ky)
                for (int32_t kx = kx0; kx < kx1; ++kx) {
                    XT_VLB(16, in_batch + ((y0 + ky) * p->in_w + x0 + kx) * ch + c0);
                    XT_VADD_VV(8, 8, 16);
                }
            XT_VADD_VX(16, 8, count / 2); /* sum + count/2, or for sums <= 0 ... */
            XT_VMSLE_VX(0, 8, 0);
            XT_VSUB_VX_V0(16, 8, count / 2); /* ... sum - count/2 */
            XT_VDIV_VX(16, 16, count);
            XT_VMAX_VX(16, 16, p->output_activation_min);
            XT_VMIN_VX(16, 16, p->output_activation_max);
            XT_VSB(16, output + c0);
            c0 += (int32_t)vl;
        }
    })
}
