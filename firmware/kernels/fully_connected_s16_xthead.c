/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED 16x8, XTheadVector (C906): output units across 16 int64 lanes (SEW 64, LMUL 8:
 * v8 sums, v16 weights, v24 requantisation rows), the filter transposed ([depth][out]) and
 * sign-extended by its load, summed in int64 as TFLite Micro accumulates, then its
 * requantisation from the build's rows (ops.conv_common.requant64). */
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_fully_connected_s16_xthead(const rvfw_fc_params *p, const int16_t *input, const int8_t *filter_t,
                                     const void *bias, const int64_t *requant64, int16_t *output)
{
    const int32_t out_depth = p->out_depth, depth = p->accum_depth;
    const int64_t *bias64 = (const int64_t *)bias;
    const intptr_t lo = p->output_activation_min, hi = p->output_activation_max;
    for (int32_t b = 0; b < p->batches; ++b) {
        const int16_t *x = input + b * depth;
        for (int32_t o0 = 0; o0 < out_depth;) {
            const size_t vl = rvfw_xt_setvl_e64m8((size_t)(out_depth - o0));
            XT_VMV_VX(8, 0);
            const int8_t *w = filter_t + o0;
            for (int32_t d = 0; d < depth; ++d, w += out_depth) {
                XT_VLB(16, w);
                XT_VMACC_VX(8, x[d], 16);
            }
            if (bias64) {
                XT_VLE(16, bias64 + o0);
                XT_VADD_VV(8, 8, 16);
            }
            XT_VLE(24, requant64 + o0);
            XT_VMUL_VV(8, 8, 24);
            XT_VLE(24, requant64 + out_depth + o0);
            XT_VADD_VV(8, 8, 24);
            XT_VLE(24, requant64 + 2 * out_depth + o0);
            XT_VSRA_VV(8, 8, 24);
            XT_VMAX_VX(8, 8, lo);
            XT_VMIN_VX(8, 8, hi);
            XT_VSH(8, output + b * out_depth + o0);
            o0 += (int32_t)vl;
        }
    }
}
