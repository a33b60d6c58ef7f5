/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED, float32, fast scalar: four outputs a pass sharing each input load, each sum in
 * the reference's order (multiply, then add, along the depth). Bit-exact with the reference. */
#include "rvfw_dot_scalar.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_fully_connected_f32_scalar(const rvfw_fc_params *p, const float *input, const float *weights,
                                     const float *bias, const float *act, float *output)
{
    const int32_t depth = p->accum_depth, outs = p->out_depth;
    for (int32_t b = 0; b < p->batches; ++b, input += depth, output += outs) {
        int32_t o = 0;
        for (; o + 3 < outs; o += 4) {
            float t[4];
            rvfw_dot4_f32_scalar(input, weights + o * depth, depth, t);
            output[o] = rvfw_clamp_f32(t[0] + (bias ? bias[o] : 0.0f), act);
            output[o + 1] = rvfw_clamp_f32(t[1] + (bias ? bias[o + 1] : 0.0f), act);
            output[o + 2] = rvfw_clamp_f32(t[2] + (bias ? bias[o + 2] : 0.0f), act);
            output[o + 3] = rvfw_clamp_f32(t[3] + (bias ? bias[o + 3] : 0.0f), act);
        }
        for (; o < outs; ++o) {
            const float *w = weights + o * depth;
            float t = 0.0f;
            for (int32_t d = 0; d < depth; ++d)
                t += input[d] * w[d];
            output[o] = rvfw_clamp_f32(t + (bias ? bias[o] : 0.0f), act);
        }
    }
}
