/* SPDX-License-Identifier: Apache-2.0 */
/* SignalFftAutoScale, int16, RVV: the largest magnitude by a vector reduction, then the shift
 * across lanes. The reference's running maximum has one quirk no reduction reproduces: a -32768
 * sample makes it -32768 (its magnitude does not fit int16) and the samples after it start over;
 * a frame that holds -32768 takes the reference's loop. Bit-exact with the reference. */
#include <riscv_vector.h>

#include "rvfw_signal.h"

RVFW_KERNEL void rvfw_signal_fft_auto_scale_s16_rvv(const rvfw_signal_params *p, const int16_t *input, int16_t *output,
                                        int32_t *scale_bits)
{
    int32_t max = 0, wraps = 0;
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e16m4((size_t)(p->size - i));
        const vint16m4_t x = __riscv_vle16_v_i16m4(input + i, vl);
        wraps |= __riscv_vcpop_m_b4(__riscv_vmseq_vx_i16m4_b4(x, INT16_MIN, vl), vl) != 0;
        const vint16m4_t magnitude = __riscv_vmax_vv_i16m4(x, __riscv_vneg_v_i16m4(x, vl), vl);
        const vint16m1_t m = __riscv_vredmax_vs_i16m4_i16m1(magnitude, __riscv_vmv_s_x_i16m1(0, 1), vl);
        const int32_t strip = __riscv_vmv_x_s_i16m1_i16(m);
        max = strip > max ? strip : max;
        i += (int32_t)vl;
    }
    if (wraps) {
        max = rvfw_signal_max_abs16(input, p->size);
    }
    const int32_t shift = rvfw_signal_scale_bits((int16_t)max);
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e16m8((size_t)(p->size - i));
        __riscv_vse16_v_i16m8(output + i, __riscv_vsll_vx_i16m8(__riscv_vle16_v_i16m8(input + i, vl), (size_t)shift, vl),
                              vl);
        i += (int32_t)vl;
    }
    *scale_bits = shift;
}
