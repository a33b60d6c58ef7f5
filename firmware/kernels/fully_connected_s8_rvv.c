/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED, int8, RVV 1.0: output units across vector lanes. The filter arrives
 * transposed ([accum_depth][out_depth]) and the input offset folded into the bias. TFLite Micro's
 * double rounding, or LiteRT's single one (p->single_rounding: a model only LiteRT runs) when the
 * build proved every shift <= -2: the product x m rounded once at 31 - shift >= 33 bits is its
 * high word (vmulh) rounded at -shift - 1 bits (vssra, half up), since the low word only adds a
 * fraction below one to a numerator that a power of two >= 2 divides with floor. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

/* The kernel's body for one rounding (a constant where it is inlined, so the test leaves the loop). */
static inline __attribute__((always_inline)) void units(const rvfw_fc_params *p, const int8_t *input,
                                                        const int8_t *filter_t, const int32_t *bias_folded,
                                                        const int32_t *output_multiplier, const int32_t *output_shift,
                                                        int8_t *output, const int single)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *x = input + b * p->accum_depth;
        for (int32_t oc0 = 0; oc0 < p->out_depth;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->out_depth - oc0));
            vint32m8_t acc = __riscv_vle32_v_i32m8(bias_folded + oc0, vl);
            acc = rvfw_dot_s8(acc, x, filter_t + oc0, p->accum_depth, p->out_depth, vl);
            const vint32m8_t multiplier = __riscv_vle32_v_i32m8(output_multiplier + oc0, vl);
            const vint32m8_t shift = __riscv_vle32_v_i32m8(output_shift + oc0, vl);
            if (single)
                acc = __riscv_vssra_vv_i32m8(
                    __riscv_vmulh_vv_i32m8(acc, multiplier, vl),
                    __riscv_vreinterpret_v_i32m8_u32m8(__riscv_vrsub_vx_i32m8(shift, -1, vl)), __RISCV_VXRM_RNU, vl);
            else
                acc = rvfw_requantize_vv(acc, multiplier, shift, 0, vl);
            __riscv_vse8_v_i8m2(output + oc0, rvfw_narrow_s8(acc, p->output_offset, p->output_activation_min,
                                                             p->output_activation_max, vl), vl);
            oc0 += (int32_t)vl;
        }
        output += p->out_depth;
    }
}

RVFW_KERNEL void rvfw_fully_connected_s8_rvv(const rvfw_fc_params *p, const int8_t *input, const int8_t *filter_t,
                                             const int32_t *bias_folded, const int32_t *output_multiplier,
                                             const int32_t *output_shift, int8_t *output)
{
    if (p->single_rounding)
        units(p, input, filter_t, bias_folded, output_multiplier, output_shift, output, 1);
    else
        units(p, input, filter_t, bias_folded, output_multiplier, output_shift, output, 0);
}
