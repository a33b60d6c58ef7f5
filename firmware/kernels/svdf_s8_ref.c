/* SPDX-License-Identifier: Apache-2.0 */
/* SVDF, int8 input and output, int8 or int16 (state_bytes) time weights and activation state:
 * TFLite Micro's integer reference. Per step: the state [batch][filter][memory] moves one column
 * left; the newest column gets weights_feature x (input - zero point), requantised to the state
 * and clamped to its type; each unit then sums over its rank filters the time weights times the
 * state less its zero point, adds its bias, and is requantised to the output. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

static int32_t state_at(const rvfw_svdf_params *p, const void *state, int32_t i)
{
    return p->state_bytes == 2 ? ((const int16_t *)state)[i] : ((const int8_t *)state)[i];
}

RVFW_KERNEL void rvfw_svdf_s8_ref(const rvfw_svdf_params *p, const int8_t *input, const int8_t *weights_feature,
                      const void *weights_time, const int32_t *bias, void *state, int8_t *output)
{
    const int32_t total = p->batches * p->filters * p->memory;
    const int32_t lo = p->state_bytes == 2 ? INT16_MIN : INT8_MIN, hi = p->state_bytes == 2 ? INT16_MAX : INT8_MAX;
    /* Shift the whole state left by one element (the newest column is overwritten next). */
    for (int32_t i = 0; i + 1 < total; ++i) {
        if (p->state_bytes == 2)
            ((int16_t *)state)[i] = ((int16_t *)state)[i + 1];
        else
            ((int8_t *)state)[i] = ((int8_t *)state)[i + 1];
    }
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *x = input + b * p->input_size;
        for (int32_t f = 0; f < p->filters; ++f) {
            const int8_t *w = weights_feature + f * p->input_size;
            int32_t acc = 0;
            for (int32_t c = 0; c < p->input_size; ++c)
                acc += w[c] * (x[c] - p->input_zero_point);
            const int32_t v = rvfw_clamp(rvfw_requantize(acc, p->feature_multiplier, p->feature_shift), lo, hi);
            const int32_t at = (b * p->filters + f) * p->memory + p->memory - 1;
            if (p->state_bytes == 2)
                ((int16_t *)state)[at] = (int16_t)(p->state_zero_point + v);
            else
                ((int8_t *)state)[at] = (int8_t)(p->state_zero_point + v);
        }
        const int32_t units = p->filters / p->rank;
        for (int32_t u = 0; u < units; ++u) {
            int32_t acc = bias ? bias[u] : 0;
            for (int32_t r = 0; r < p->rank; ++r) {
                const int32_t f = u * p->rank + r;
                const int32_t base = (b * p->filters + f) * p->memory;
                for (int32_t j = 0; j < p->memory; ++j) {
                    const int32_t w = p->state_bytes == 2 ? ((const int16_t *)weights_time)[f * p->memory + j]
                                                          : ((const int8_t *)weights_time)[f * p->memory + j];
                    acc += w * (state_at(p, state, base + j) - p->state_zero_point);
                }
            }
            output[b * units + u] =
                (int8_t)rvfw_clamp(rvfw_requantize(acc, p->output_multiplier, p->output_shift) + p->output_zero_point,
                                   INT8_MIN, INT8_MAX);
        }
    }
}
