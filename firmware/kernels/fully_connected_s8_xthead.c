/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED, int8, XTheadVector (C906): output units across 32 int32 lanes. The filter
 * arrives transposed ([accum_depth][out_depth]) so a lane's weights are one sign-extending byte
 * load per input; the input offset is added to the scalar input, so the raw bias is used. */
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_fully_connected_s8_xthead(const rvfw_fc_params *p, const int8_t *input, const int8_t *filter_t,
                                    const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                    int8_t *output)
{
    rvfw_xt_round_nearest_up();
    const int32_t depth = p->accum_depth, units = p->out_depth;
    for (int32_t b = 0; b < p->batches; ++b, input += depth, output += units) {
        for (int32_t oc0 = 0; oc0 < units;) {
            const size_t vl = rvfw_xt_setvl_e32m8((size_t)(units - oc0));
            rvfw_xt_start(bias ? bias + oc0 : 0, 4);
            rvfw_xt_dot2(input, depth, p->input_offset, filter_t + oc0, units);
            rvfw_xt_requantize_store(output_multiplier + oc0, output_shift + oc0, 4, 0, p->output_offset,
                                     p->output_activation_min, p->output_activation_max, output + oc0, 1);
            oc0 += (int32_t)vl;
        }
    }
}
