/* TT_EINSUM, int8, RVV 1.0: a row's outputs across lanes (cores transposed, input offset folded
 * into the bias), stored with one indexed store through the build-time offsets table. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

void rvfw_tt_einsum_s8_rvv(const rvfw_tt_params *p, const int8_t *input, const int8_t *cores_t,
                           const int32_t *bias_folded, const uint16_t *offsets, int8_t *output)
{
    const int32_t outputs = p->n * p->r_out;
    const int8_t *row = input;
    for (int32_t o = 0; o < p->outer; ++o) {
        for (int32_t pm = 0; pm < p->prev_m; ++pm) {
            for (int32_t i = 0; i < p->inner; ++i, row += p->k) {
                int8_t *base = output + rvfw_tt_row_base(p, o, pm, i);
                const int32_t *bias = bias_folded + (p->bias_per_row ? i * outputs : 0);
                for (int32_t j0 = 0; j0 < outputs;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(outputs - j0));
                    vint32m8_t acc = __riscv_vle32_v_i32m8(bias + j0, vl);
                    acc = rvfw_dot_s8(acc, row, cores_t + j0, p->k, outputs, vl);
                    acc = rvfw_requantize_vx(acc, p->output_multiplier, p->output_shift, vl);
                    const vint8m2_t q = rvfw_narrow_s8(acc, p->output_offset, p->output_activation_min,
                                                       p->output_activation_max, vl);
                    __riscv_vsuxei16_v_i8m2(base, __riscv_vle16_v_u16m4(offsets + j0, vl), q, vl);
                    j0 += (int32_t)vl;
                }
            }
        }
    }
}
