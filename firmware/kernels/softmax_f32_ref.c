/* SPDX-License-Identifier: Apache-2.0 */
/* SOFTMAX, float32, reference: TFLite Micro's float kernel (the row maximum, exp((x - max) * beta)
 * summed in order, each exp divided by the sum) with the host C library's expf (rvfw_expf.h). */
#include "rvfw_expf.h"
#include "rvfw_kernels.h"

void rvfw_softmax_f32_ref(const rvfw_softmax_params *p, const float *input, const float *beta, float *output)
{
    for (int32_t row = 0; row < p->outer_size; ++row) {
        const float *in = input + row * p->depth;
        float *out = output + row * p->depth;
        float max = -3.40282347e+38f;
        for (int32_t c = 0; c < p->depth; ++c)
            max = in[c] > max ? in[c] : max;
        float sum = 0.0f;
        for (int32_t c = 0; c < p->depth; ++c) {
            out[c] = rvfw_expf((in[c] - max) * beta[0]);
            sum += out[c];
        }
        for (int32_t c = 0; c < p->depth; ++c)
            out[c] = out[c] / sum;
    }
}
