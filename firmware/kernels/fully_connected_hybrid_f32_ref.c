/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED, hybrid (float32 activations, int8 weights), as LiteRT's hybrid kernel: each
 * batch row quantised when the layer runs (rvfw_hybrid.h, asymmetric or symmetric as the model
 * says), int8 dot products, the zero point's share taken out with the weights' row sums (built at
 * build time), then bias + dot x (row scale x weight scale) in single precision and the fused
 * activation. An input of zeros gives the bias, as LiteRT's early exit does. */
#include "rvfw_hybrid.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_fully_connected_hybrid_f32_ref(const rvfw_hybrid_fc_params *p, const float *input,
                                                     const int8_t *filter, const float *bias, const float *scales,
                                                     const int32_t *row_sums, const float *act, int8_t *scratch,
                                                     float *output)
{
    const int32_t depth = p->accum_depth, units = p->out_depth;
    int zero = 1;
    for (int32_t i = 0; i < p->batches * depth && zero; ++i)
        zero = input[i] == 0.0f;
    for (int32_t b = 0; b < p->batches; ++b) {
        float *out = output + b * units;
        float row_scale = 1.0f;
        int32_t offset = 0;
        if (!zero) {
            if (p->asymmetric)
                rvfw_hybrid_quantize_asymmetric(input + b * depth, depth, scratch, &row_scale, &offset);
            else
                rvfw_hybrid_quantize_symmetric(input + b * depth, depth, scratch, &row_scale);
        }
        for (int32_t o = 0; o < units; ++o) {
            float total = bias ? bias[o] : 0.0f;
            if (!zero) {
                const int8_t *w = filter + o * depth;
                int32_t dot = 0;
                for (int32_t d = 0; d < depth; ++d)
                    dot += w[d] * scratch[d];
                if (p->asymmetric)
                    dot -= row_sums[o] * offset;
                total += (float)dot * (row_scale * scales[o]);
            }
            out[o] = rvfw_clamp_f32(total, act);
        }
    }
}
