/* ADD, int8, same-shape inputs, XTheadVector (C906): the reference's arithmetic on 32 int32 lanes. */
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

void rvfw_add_s8_xthead(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    rvfw_xt_round_nearest_up();
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(p->size - i));
        XT_VLB(8, input1 + i);
        XT_VLB(16, input2 + i);
        XT_VADD_VX(8, 8, p->input1_offset);
        XT_VADD_VX(16, 16, p->input2_offset);
        XT_VSLL_VX(8, 8, p->left_shift);
        XT_VSLL_VX(16, 16, p->left_shift);
        RVFW_XT_REQUANTIZE_VX(8, p->input1_multiplier, p->input1_shift);
        RVFW_XT_REQUANTIZE_VX(16, p->input2_multiplier, p->input2_shift);
        XT_VADD_VV(8, 8, 16);
        RVFW_XT_REQUANTIZE_VX(8, p->output_multiplier, p->output_shift);
        XT_VADD_VX(8, 8, p->output_offset);
        XT_VMAX_VX(8, 8, p->output_activation_min);
        XT_VMIN_VX(8, 8, p->output_activation_max);
        XT_VSB(8, output + i);
        i += (int32_t)vl;
    }
}
