/* SPDX-License-Identifier: Apache-2.0 */
/* L2_NORMALIZATION, float32: per row, the sum of squares in order, its square root (at least
 * 1e-6, TFLite's epsilon), each input divided by it. */
#include <math.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_l2_normalization_f32_ref(const rvfw_l2norm_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->outer; ++i, input += p->depth, output += p->depth) {
        float squares = 0.0f;
        for (int32_t c = 0; c < p->depth; ++c)
            squares += input[c] * input[c];
        float norm = sqrtf(squares);
        norm = norm < 1e-6f ? 1e-6f : norm;
        for (int32_t c = 0; c < p->depth; ++c)
            output[c] = input[c] / norm;
    }
}
