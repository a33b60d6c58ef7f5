/* SPDX-License-Identifier: Apache-2.0 */
/* SVDF, float32, as LiteRT computes it, for a model only LiteRT runs (TFLite Micro's float SVDF,
 * svdf_f32_ref, differs from it in the last bit of some outputs: measured on the f32_svdf cases,
 * 3 of 12 outputs a step). LiteRT's reference_ops::EvalFloatSVDF: the state [batch][filter][memory]
 * moves one element left; the newest column gets 0 + weights_feature . input; each filter's
 * weights_time . state; each unit the sum of its rank filters from 0, then + bias; then the
 * activation. Both dot products are its x86 build's: four partial sums over the elements in blocks
 * of four (lane j takes elements j, j + 4, ...), added in lane order from 0, then the elements past
 * the last whole block one by one (measured: every output of five steps at three shapes, among
 * eight-lane, pairwise and separate-tail orders that each miss). Compiled without contraction. */
#include "rvfw_kernels.h"

static float dot4(const float *w, const float *x, int32_t n)
{
    float lane[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    const int32_t blocks = n / 4 * 4;
    for (int32_t k = 0; k < blocks; k += 4)
        for (int32_t j = 0; j < 4; ++j)
            lane[j] += w[k + j] * x[k + j];
    float sum = 0.0f;
    for (int32_t j = 0; j < 4; ++j)
        sum += lane[j];
    for (int32_t k = blocks; k < n; ++k)
        sum += w[k] * x[k];
    return sum;
}

RVFW_KERNEL void rvfw_svdf_litert_f32_ref(const rvfw_svdf_params *p, const float *input,
                                          const float *weights_feature, const float *weights_time,
                                          const float *bias, float *state, float *output)
{
    const int32_t total = p->batches * p->filters * p->memory;
    for (int32_t i = 0; i + 1 < total; ++i)
        state[i] = state[i + 1];
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t f = 0; f < p->filters; ++f)
            state[(b * p->filters + f) * p->memory + p->memory - 1] =
                0.0f + dot4(weights_feature + f * p->input_size, input + b * p->input_size, p->input_size);
    const int32_t units = p->filters / p->rank;
    for (int32_t b = 0; b < p->batches; ++b)
        for (int32_t u = 0; u < units; ++u) {
            float out = 0.0f;
            for (int32_t r = 0; r < p->rank; ++r) {
                const int32_t f = u * p->rank + r;
                out += dot4(weights_time + f * p->memory, state + (b * p->filters + f) * p->memory, p->memory);
            }
            if (bias)
                out += bias[u];
            if (p->activation == 1 || p->activation == 3) /* RELU, RELU6: max(0, x) first */
                out = 0.0f < out ? out : 0.0f;
            if (p->activation == 3)
                out = 6.0f < out ? 6.0f : out;
            output[b * units + u] = out;
        }
}
