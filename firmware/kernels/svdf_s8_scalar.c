/* SPDX-License-Identifier: Apache-2.0 */
/* SVDF, int8 input and output, int8 or int16 time weights and state, fast scalar: the
 * reference's arithmetic with the state's width chosen once, not per element; the state moved
 * one element left by memmove; the feature products summed over raw int8 inputs, the input zero
 * point taken off once per filter (sum w * (x - z) = sum w * x - z * sum w, exactly, in int32). */
#include <string.h>

#include "rvfw_kernels.h"
#include "rvfw_requant.h"

/* Each unit's sum over its rank filters of time weight x (state - zero point), for one batch. */
#define RVFW_SVDF_TIME(T, p, weights_time, state, b, bias, output)                                                 \
    do {                                                                                                          \
        const T *wt = (const T *)(weights_time);                                                                  \
        const T *st = (const T *)(state) + (b) * (p)->filters * (p)->memory;                                      \
        const int32_t units = (p)->filters / (p)->rank;                                                           \
        for (int32_t u = 0; u < units; ++u) {                                                                     \
            int32_t acc = (bias) ? (bias)[u] : 0;                                                                 \
            for (int32_t f = u * (p)->rank; f < (u + 1) * (p)->rank; ++f) {                                       \
                const T *w = wt + f * (p)->memory, *s = st + f * (p)->memory;                                     \
                for (int32_t j = 0; j < (p)->memory; ++j)                                                         \
                    acc += w[j] * (s[j] - (p)->state_zero_point);                                                 \
            }                                                                                                     \
            (output)[(b) * units + u] = (int8_t)rvfw_clamp(                                                       \
                rvfw_requantize(acc, (p)->output_multiplier, (p)->output_shift) + (p)->output_zero_point,         \
                INT8_MIN, INT8_MAX);                                                                              \
        }                                                                                                         \
    } while (0)

RVFW_KERNEL void rvfw_svdf_s8_scalar(const rvfw_svdf_params *p, const int8_t *input, const int8_t *weights_feature,
                         const void *weights_time, const int32_t *bias, void *state, int8_t *output)
{
    const int32_t total = p->batches * p->filters * p->memory;
    const int wide = p->state_bytes == 2;
    const int32_t lo = wide ? INT16_MIN : INT8_MIN, hi = wide ? INT16_MAX : INT8_MAX;
    if (total > 1)
        memmove(state, (uint8_t *)state + p->state_bytes, (size_t)(total - 1) * (size_t)p->state_bytes);
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *x = input + b * p->input_size;
        for (int32_t f = 0; f < p->filters; ++f) {
            const int8_t *w = weights_feature + f * p->input_size;
            int32_t acc = 0, sum = 0;
            for (int32_t c = 0; c < p->input_size; ++c) {
                acc += w[c] * x[c];
                sum += w[c];
            }
            acc -= p->input_zero_point * sum;
            const int32_t v = rvfw_clamp(rvfw_requantize(acc, p->feature_multiplier, p->feature_shift), lo, hi);
            const int32_t at = (b * p->filters + f) * p->memory + p->memory - 1;
            if (wide)
                ((int16_t *)state)[at] = (int16_t)(p->state_zero_point + v);
            else
                ((int8_t *)state)[at] = (int8_t)(p->state_zero_point + v);
        }
        if (wide)
            RVFW_SVDF_TIME(int16_t, p, weights_time, state, b, bias, output);
        else
            RVFW_SVDF_TIME(int8_t, p, weights_time, state, b, bias, output);
    }
}
