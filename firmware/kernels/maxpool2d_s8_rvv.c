/* SPDX-License-Identifier: Apache-2.0 */
/* MAX_POOL_2D, int8, RVV 1.0: channels across lanes, a running vmax over the taps inside the input. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_maxpool2d_s8_rvv(const rvfw_pool_params *p, const int8_t *input, int8_t *output)
{
    const int32_t ch = p->channels;
    RVFW_POOL_WINDOWS(p, input, output, ch, {
        for (int32_t c0 = 0; c0 < ch;) {
            const size_t vl = __riscv_vsetvl_e8m4((size_t)(ch - c0));
            vint8m4_t acc = __riscv_vmv_v_x_i8m4(INT8_MIN, vl);
            for (int32_t ky = ky0; ky < ky1; ++ky) {
                const int8_t *x = in_batch + ((y0 + ky) * p->in_w + x0 + kx0) * ch + c0;
                for (int32_t kx = kx0; kx < kx1; ++kx, x += ch)
                    acc = __riscv_vmax_vv_i8m4(acc, __riscv_vle8_v_i8m4(x, vl), vl);
            }
            acc = __riscv_vmax_vx_i8m4(acc, (int8_t)p->output_activation_min, vl);
            acc = __riscv_vmin_vx_i8m4(acc, (int8_t)p->output_activation_max, vl);
            __riscv_vse8_v_i8m4(output + c0, acc, vl);
            c0 += (int32_t)vl;
        }
    })
}
