/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX, float32, RVV (V, Zve64d): TFLite Micro's float rows (rvfw_softmax_f32.h) in lanes.
 * The maximum keeps the reference's comparison (a NaN never replaces it) per lane, then across
 * lanes; each exp((x - max) * beta) is rvfw_expf in float64 lanes (rvfw_expf_rvv.h, bit for bit);
 * the sum is an ordered reduction (vfredosum: the reference's additions one by one, in order);
 * each exp is then divided by it. */
#include <float.h>

#include "rvfw_expf_rvv.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_softmax_f32_rvv(const rvfw_softmax_params *p, const float *input, const float *beta, float *output)
{
    const int32_t depth = p->depth;
    const float scale = beta[0];
    for (int32_t row = 0; row < p->outer_size; ++row) {
        const float *in = input + row * depth;
        float *out = output + row * depth;
        size_t vlmax = __riscv_vsetvl_e32m4((size_t)depth);
        vfloat32m4_t lane_max = __riscv_vfmv_v_f_f32m4(-FLT_MAX, vlmax);
        for (int32_t c = 0; c < depth;) {
            const size_t vl = __riscv_vsetvl_e32m4((size_t)(depth - c));
            const vfloat32m4_t x = __riscv_vle32_v_f32m4(in + c, vl);
            lane_max = __riscv_vmerge_vvm_f32m4_tu(lane_max, lane_max, x, __riscv_vmfgt_vv_f32m4_b8(x, lane_max, vl),
                                                   vl);
            c += (int32_t)vl;
        }
        const float max = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredmax_vs_f32m4_f32m1(
            lane_max, __riscv_vfmv_s_f_f32m1(-FLT_MAX, 1), vlmax));
        vfloat32m1_t sum = __riscv_vfmv_s_f_f32m1(0.0f, 1);
        for (int32_t c = 0; c < depth;) {
            const size_t vl = __riscv_vsetvl_e32m4((size_t)(depth - c));
            const vfloat32m4_t x = __riscv_vfsub_vf_f32m4(__riscv_vle32_v_f32m4(in + c, vl), max, vl);
            const vfloat32m4_t e = rvfw_expf_f32m4(__riscv_vfmul_vf_f32m4(x, scale, vl), vl);
            __riscv_vse32_v_f32m4(out + c, e, vl);
            sum = __riscv_vfredosum_vs_f32m4_f32m1(e, sum, vl);
            c += (int32_t)vl;
        }
        const float total = __riscv_vfmv_f_s_f32m1_f32(sum);
        for (int32_t c = 0; c < depth;) {
            const size_t vl = __riscv_vsetvl_e32m4((size_t)(depth - c));
            __riscv_vse32_v_f32m4(out + c, __riscv_vfdiv_vf_f32m4(__riscv_vle32_v_f32m4(out + c, vl), total, vl), vl);
            c += (int32_t)vl;
        }
    }
}
