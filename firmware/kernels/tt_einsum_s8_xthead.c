/* SPDX-License-Identifier: Apache-2.0 */
/* TT_EINSUM, int8, XTheadVector (C906): a row's outputs across 32 int32 lanes (cores transposed
 * to [k][n * r_out]), the input offset added to the scalar input, raw bias, one indexed byte
 * store per chunk through the build-time offsets table. */
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_tt_einsum_s8_xthead(const rvfw_tt_params *p, const int8_t *input, const int8_t *cores_t, const int32_t *bias,
                              const uint16_t *offsets, const int32_t *multiplier, const int32_t *shift,
                              int8_t *output)
{
    rvfw_xt_round_nearest_up();
    const int32_t outputs = p->n * p->r_out;
    const int8_t *row = input;
    for (int32_t o = 0; o < p->outer; ++o) {
        for (int32_t pm = 0; pm < p->prev_m; ++pm) {
            for (int32_t i = 0; i < p->inner; ++i, row += p->k) {
                int8_t *base = output + rvfw_tt_row_base(p, o, pm, i);
                for (int32_t j0 = 0; j0 < outputs;) {
                    const size_t vl = rvfw_xt_setvl_e32m8((size_t)(outputs - j0));
                    rvfw_xt_start(bias ? bias + i * outputs + j0 : 0, 4);
                    rvfw_xt_dot2(row, p->k, p->input_offset, cores_t + j0, outputs);
                    if (multiplier) { /* per output (per-channel weights) */
                        rvfw_xt_requantize_lanes(multiplier + j0, shift + j0, 4, p->right_shifts_only, p->output_offset,
                                                 p->output_activation_min, p->output_activation_max);
                    } else {
                        RVFW_XT_REQUANTIZE_VX(8, p->output_multiplier, p->output_shift);
                        XT_VADD_VX(8, 8, p->output_offset);
                        XT_VMAX_VX(8, 8, p->output_activation_min);
                        XT_VMIN_VX(8, 8, p->output_activation_max);
                    }
                    XT_VLHU(16, offsets + j0);
                    XT_VSXB(8, base, 16);
                    j0 += (int32_t)vl;
                }
            }
        }
    }
}
