/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX, float32, XTheadVector (C906): TFLite Micro's float rows (rvfw_softmax_f32.h) with the
 * exps in lanes: the row maximum and the sum of the exps stay the reference's scalar loops (one
 * compare, one add per element, in its order); each exp((x - max) * beta) is rvfw_expf in
 * float64 lanes (rvfw_expf_xthead.h, bit for bit), and the division by the sum is per lane. */
#include <float.h>

#include "rvfw_expf_xthead.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_softmax_f32_xthead(const rvfw_softmax_params *p, const float *input, const float *beta, float *output)
{
    const int32_t depth = p->depth;
    const float scale = beta[0];
    for (int32_t row = 0; row < p->outer_size; ++row) {
        const float *in = input + row * depth;
        float *out = output + row * depth;
        float max = -FLT_MAX;
        for (int32_t c = 0; c < depth; ++c)
            max = in[c] > max ? in[c] : max;
        for (int32_t c = 0; c < depth;) {
            const size_t vl = rvfw_xt_setvl_e32m2((size_t)(depth - c));
            XT_VLE(26, in + c);
            XT_VFSUB_VF(26, 26, max);
            XT_VFMUL_VF(2, 26, scale);
            rvfw_xt_expf_v2_to_v24(vl);
            XT_VSE(24, out + c);
            c += (int32_t)vl;
        }
        float sum = 0.0f;
        for (int32_t c = 0; c < depth; ++c)
            sum += out[c];
        for (int32_t c = 0; c < depth;) {
            const size_t vl = rvfw_xt_setvl_e32m2((size_t)(depth - c));
            XT_VLE(26, out + c);
            XT_VFDIV_VF(26, 26, sum);
            XT_VSE(26, out + c);
            c += (int32_t)vl;
        }
    }
}
