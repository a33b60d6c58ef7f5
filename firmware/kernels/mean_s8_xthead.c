/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN and SUM, int8, XTheadVector (C906), when the innermost kept axis is contiguous: reduced
 * rows added into 32 int32 lanes (v8), then the reference's requantisation. */
#include "rvfw_reduce.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_mean_s8_xthead(const rvfw_reduce_params *p, const int8_t *input, int8_t *output)
{
    rvfw_xt_round_nearest_up();
    const int32_t inner = p->kept_dims[3], offset = p->input_zero_point * p->count;
#define MEAN_STEP(at)                                                                                               \
    XT_VLB(16, x + (at));                                                                                         \
    XT_VADD_VV(8, 8, 16)
#define MEAN_ROW(base, out)                                                                                         \
    for (int32_t c = 0; c < inner;) {                                                                             \
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(inner - c));                                               \
        const int8_t *x = (base) + c;                                                                             \
        XT_VMV_VX(8, -offset);                                                                                    \
        RVFW_REDUCE_OFFSETS(p, MEAN_STEP)                                                                         \
        RVFW_XT_REQUANTIZE_VX(8, p->multiplier, p->shift);                                                        \
        XT_VADD_VX(8, 8, p->output_zero_point);                                                                   \
        XT_VMAX_VX(8, 8, INT8_MIN);                                                                               \
        XT_VMIN_VX(8, 8, INT8_MAX);                                                                               \
        XT_VSB(8, (out) + c);                                                                                     \
        c += (int32_t)vl;                                                                                         \
    }
    RVFW_REDUCE_KEPT_ROWS(p, input, output, MEAN_ROW);
}
