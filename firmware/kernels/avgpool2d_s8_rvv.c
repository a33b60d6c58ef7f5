/* SPDX-License-Identifier: Apache-2.0 */
/* AVERAGE_POOL_2D, int8, RVV 1.0: channels across lanes; sums in int32, then the reference's
 * round-half-away-from-zero division by the number of taps inside the input. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_avgpool2d_s8_rvv(const rvfw_pool_params *p, const int8_t *input, int8_t *output)
{
    const int32_t ch = p->channels;
    RVFW_POOL_WINDOWS(p, input, output, ch, {
        const int32_t count = (ky1 - ky0) * (kx1 - kx0);
        for (int32_t c0 = 0; c0 < ch;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(ch - c0));
            vint32m8_t acc = __riscv_vmv_v_x_i32m8(0, vl);
            for (int32_t ky = ky0; ky < ky1; ++ky) {
                const int8_t *x = in_batch + ((y0 + ky) * p->in_w + x0 + kx0) * ch + c0;
                for (int32_t kx = kx0; kx < kx1; ++kx, x += ch)
                    acc = __riscv_vwadd_wv_i32m8(acc, __riscv_vsext_vf2_i16m4(__riscv_vle8_v_i8m2(x, vl), vl), vl);
            }
            const vbool4_t positive = __riscv_vmsgt_vx_i32m8_b4(acc, 0, vl);
            acc = __riscv_vmerge_vvm_i32m8(__riscv_vsub_vx_i32m8(acc, count / 2, vl),
                                           __riscv_vadd_vx_i32m8(acc, count / 2, vl), positive, vl);
            acc = __riscv_vdiv_vx_i32m8(acc, count, vl);
            __riscv_vse8_v_i8m2(output + c0,
                                rvfw_narrow_s8(acc, 0, p->output_activation_min, p->output_activation_max, vl),
                                vl);
            c0 += (int32_t)vl;
        }
    })
}
