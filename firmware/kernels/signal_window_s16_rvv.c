/* SPDX-License-Identifier: Apache-2.0 */
/* SignalWindow, int16, RVV: the reference's product in int32 lanes (vwmul), shifted right
 * arithmetically and saturated to int16 before the narrowing. Bit-exact with the reference. */
#include <riscv_vector.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_signal_window_s16_rvv(const rvfw_signal_window_params *p, const int16_t *input, const int16_t *window,
                                int16_t *output)
{
    for (int32_t frame = 0; frame < p->size; frame += p->window_size) {
        for (int32_t i = 0; i < p->window_size;) {
            const size_t vl = __riscv_vsetvl_e16m4((size_t)(p->window_size - i));
            vint32m8_t x = __riscv_vwmul_vv_i32m8(__riscv_vle16_v_i16m4(input + frame + i, vl),
                                                   __riscv_vle16_v_i16m4(window + i, vl), vl);
            x = __riscv_vsra_vx_i32m8(x, (size_t)p->shift, vl);
            x = __riscv_vmin_vx_i32m8(__riscv_vmax_vx_i32m8(x, INT16_MIN, vl), INT16_MAX, vl);
            __riscv_vse16_v_i16m4(output + frame + i, __riscv_vncvt_x_x_w_i16m4(x, vl), vl);
            i += (int32_t)vl;
        }
    }
}
