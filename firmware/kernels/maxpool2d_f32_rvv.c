/* SPDX-License-Identifier: Apache-2.0 */
/* MAX_POOL_2D, float32, RVV (V, Zve32f): channels in float lanes; each window cell inside the input
 * replaces the lanes where it is greater (compare and merge, the reference's x > best ? x : best,
 * which vfmax would not match on -0 and NaN), then the reference's clamp. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_rvv_f32.h"

RVFW_KERNEL void rvfw_maxpool2d_f32_rvv(const rvfw_pool_params *p, const float *input, const float *act, float *output)
{
#define MAX_BODY                                                                                                  \
    vfloat32m8_t best = __riscv_vfmv_v_f_f32m8(-3.40282347e+38f, vl);                                             \
    for (int32_t ky = ky_start; ky < ky_end; ++ky)                                                                \
        for (int32_t kx = kx_start; kx < kx_end; ++kx) {                                                          \
            const vfloat32m8_t x =                                                                                \
                __riscv_vle32_v_f32m8(in_batch + ((y0 + ky) * p->in_w + x0 + kx) * p->channels + c, vl);          \
            best = __riscv_vmerge_vvm_f32m8(best, x, __riscv_vmfgt_vv_f32m8_b4(x, best, vl), vl);                 \
        }                                                                                                         \
    __riscv_vse32_v_f32m8(output + c, rvfw_clamp_f32m8(best, act, vl), vl)
    RVFW_POOL_F32_RVV(p, input, output, MAX_BODY);
}
