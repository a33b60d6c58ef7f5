/* SPDX-License-Identifier: Apache-2.0 */
/* SignalEnergy, int16 complex in, uint32 out, RVV: each bin one 32-bit element (re in its low
 * half) split into int16 lanes, re^2 + im^2 widened and summed in int32 (wrapping as the
 * reference's int32 sum); 0 outside [start, end). Bit-exact with the reference. */
#include <riscv_vector.h>

#include "rvfw_kernels.h"

static void zero(uint32_t *output, int32_t from, int32_t to)
{
    for (int32_t i = from; i < to;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(to - i));
        __riscv_vse32_v_u32m8(output + i, __riscv_vmv_v_x_u32m8(0, vl), vl);
        i += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_signal_energy_s16_rvv(const rvfw_signal_energy_params *p, const int16_t *input, uint32_t *output)
{
    zero(output, 0, p->start);
    const uint32_t *bins = (const uint32_t *)input;
    for (int32_t i = p->start; i < p->end;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->end - i));
        const vuint32m8_t x = __riscv_vle32_v_u32m8(bins + i, vl);
        const vint16m4_t re = __riscv_vreinterpret_v_u16m4_i16m4(__riscv_vnsrl_wx_u16m4(x, 0, vl));
        const vint16m4_t im = __riscv_vreinterpret_v_u16m4_i16m4(__riscv_vnsrl_wx_u16m4(x, 16, vl));
        const vint32m8_t e = __riscv_vwmacc_vv_i32m8(__riscv_vwmul_vv_i32m8(re, re, vl), im, im, vl);
        __riscv_vse32_v_u32m8(output + i, __riscv_vreinterpret_v_i32m8_u32m8(e), vl);
        i += (int32_t)vl;
    }
    zero(output, p->end, p->size);
}
