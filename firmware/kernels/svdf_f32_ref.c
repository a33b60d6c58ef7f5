/* SPDX-License-Identifier: Apache-2.0 */
/* SVDF, float32: TFLite Micro's float reference. The state [batch][filter][memory] moves one
 * element left; the newest column gets weights_feature . input; each unit is its bias (or 0)
 * plus, over its rank filters in order, weights_time . state; then the activation as TFLite's
 * ActivationValFloat computes it. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_svdf_f32_ref(const rvfw_svdf_params *p, const float *input, const float *weights_feature,
                       const float *weights_time, const float *bias, float *state, float *output)
{
    const int32_t total = p->batches * p->filters * p->memory;
    for (int32_t i = 0; i + 1 < total; ++i)
        state[i] = state[i + 1];
    for (int32_t b = 0; b < p->batches; ++b) {
        const float *x = input + b * p->input_size;
        for (int32_t f = 0; f < p->filters; ++f) {
            const float *w = weights_feature + f * p->input_size;
            float dot = 0.0f;
            for (int32_t k = 0; k < p->input_size; ++k)
                dot += w[k] * x[k];
            state[(b * p->filters + f) * p->memory + p->memory - 1] = dot;
        }
    }
    const int32_t units = p->filters / p->rank;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t u = 0; u < units; ++u) {
            float out = bias ? bias[u] : 0.0f;
            for (int32_t r = 0; r < p->rank; ++r) {
                const int32_t f = u * p->rank + r;
                const float *s = state + (b * p->filters + f) * p->memory, *w = weights_time + f * p->memory;
                float dot = 0.0f;
                for (int32_t j = 0; j < p->memory; ++j)
                    dot += w[j] * s[j];
                out += dot;
            }
            if (p->activation == 1 || p->activation == 3) /* RELU, RELU6: max(0, x) first */
                out = 0.0f < out ? out : 0.0f;
            if (p->activation == 3)
                out = 6.0f < out ? 6.0f : out;
            output[b * units + u] = out;
        }
}
