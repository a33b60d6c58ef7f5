/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED, float32, fast scalar: four outputs a pass sharing each input load, each sum in
 * the reference's order (multiply, then add, along the depth). Bit-exact with the reference.
 *
 * Without an FPU each multiply and add is done on the bits (rvfw_softfloat.h: IEEE's rounding to
 * nearest even, for normal operands and results); an output whose sum meets anything else (a
 * subnormal, an infinity, a NaN) is summed again with the compiler's float arithmetic. */
#include "rvfw_dot_scalar.h"
#include "rvfw_kernels.h"
#include "rvfw_softfloat.h"

static float dot_f32(const float *x, const float *w, int32_t depth)
{
    float t = 0.0f;
    for (int32_t d = 0; d < depth; ++d)
        t += x[d] * w[d];
    return t;
}

RVFW_KERNEL void rvfw_fully_connected_f32_scalar(const rvfw_fc_params *p, const float *input, const float *weights,
                                     const float *bias, const float *act, float *output)
{
    const int32_t depth = p->accum_depth, outs = p->out_depth;
    for (int32_t b = 0; b < p->batches; ++b, input += depth, output += outs) {
#if !defined(__riscv_flen)
        for (int32_t o = 0; o < outs; ++o) {
            const float *w = weights + o * depth;
            int odd = 0;
            uint32_t t = 0;
            for (int32_t d = 0; d < depth; ++d)
                t = rvfw_sf_add_inline(t, rvfw_sf_mul(rvfw_f32_bits(input[d]), rvfw_f32_bits(w[d]), &odd), &odd);
            t = rvfw_sf_add(t, bias ? rvfw_f32_bits(bias[o]) : 0u, &odd);
            output[o] = rvfw_clamp_f32(odd ? dot_f32(input, w, depth) + (bias ? bias[o] : 0.0f) : rvfw_f32_from_bits(t),
                                       act);
        }
#else
        int32_t o = 0;
        for (; o + 3 < outs; o += 4) {
            float t[4];
            rvfw_dot4_f32_scalar(input, weights + o * depth, depth, t);
            output[o] = rvfw_clamp_f32(t[0] + (bias ? bias[o] : 0.0f), act);
            output[o + 1] = rvfw_clamp_f32(t[1] + (bias ? bias[o + 1] : 0.0f), act);
            output[o + 2] = rvfw_clamp_f32(t[2] + (bias ? bias[o + 2] : 0.0f), act);
            output[o + 3] = rvfw_clamp_f32(t[3] + (bias ? bias[o + 3] : 0.0f), act);
        }
        for (; o < outs; ++o)
            output[o] = rvfw_clamp_f32(dot_f32(input, weights + o * depth, depth) + (bias ? bias[o] : 0.0f), act);
#endif
    }
}
