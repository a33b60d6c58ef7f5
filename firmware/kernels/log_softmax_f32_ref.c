/* SPDX-License-Identifier: Apache-2.0 */
/* LOG_SOFTMAX, float32: TFLite's float reference per row: the maximum, the sum of exp(x - max) in
 * order, then x - max - log(sum), with the host C library's expf and logf (rvfw_expf.h,
 * rvfw_logf.h). */
#include <float.h>

#include "rvfw_expf.h"
#include "rvfw_kernels.h"
#include "rvfw_logf.h"

void rvfw_log_softmax_f32_ref(const rvfw_softmax_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->outer_size; ++i, input += p->depth, output += p->depth) {
        float max = -FLT_MAX;
        for (int32_t c = 0; c < p->depth; ++c)
            max = max < input[c] ? input[c] : max;
        float sum = 0.0f;
        for (int32_t c = 0; c < p->depth; ++c)
            sum += rvfw_expf(input[c] - max);
        const float log_sum = rvfw_logf(sum);
        for (int32_t c = 0; c < p->depth; ++c)
            output[c] = input[c] - max - log_sum;
    }
}
