/* SPDX-License-Identifier: Apache-2.0 */
/* AVERAGE_POOL_2D, float32, RVV (V, Zve32f): channels in float lanes; each lane adds the window's
 * cells inside the input in the reference's order (rows, then columns), divides by their count
 * (IEEE division, as the reference), then the reference's clamp as compare and merge. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_rvv_f32.h"

RVFW_KERNEL void rvfw_avgpool2d_f32_rvv(const rvfw_pool_params *p, const float *input, const float *act, float *output)
{
#define AVERAGE_BODY                                                                                              \
    const int32_t rows = ky_end > ky_start ? ky_end - ky_start : 0;                                               \
    const float count = (float)(rows * (kx_end > kx_start ? kx_end - kx_start : 0));                              \
    vfloat32m8_t total = __riscv_vfmv_v_f_f32m8(0.0f, vl);                                                        \
    for (int32_t ky = ky_start; ky < ky_end; ++ky)                                                                \
        for (int32_t kx = kx_start; kx < kx_end; ++kx)                                                            \
            total = __riscv_vfadd_vv_f32m8(                                                                       \
                total, __riscv_vle32_v_f32m8(in_batch + ((y0 + ky) * p->in_w + x0 + kx) * p->channels + c, vl),   \
                vl);                                                                                              \
    total = __riscv_vfdiv_vf_f32m8(total, count, vl);                                                             \
    __riscv_vse32_v_f32m8(output + c, rvfw_clamp_f32m8(total, act, vl), vl)
    RVFW_POOL_F32_RVV(p, input, output, AVERAGE_BODY);
}
