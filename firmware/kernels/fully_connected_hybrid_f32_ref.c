/* SPDX-License-Identifier: Apache-2.0 */
/* FULLY_CONNECTED, hybrid (float32 activations, int8 weights), as LiteRT's hybrid kernel
 * (rvfw_hybrid_fc_run) with plain dot products. */
#include "rvfw_hybrid.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_fully_connected_hybrid_f32_ref(const rvfw_hybrid_fc_params *p, const float *input,
                                                     const int8_t *filter, const float *bias, const float *scales,
                                                     const int32_t *row_sums, const float *act, int8_t *scratch,
                                                     float *output)
{
    rvfw_hybrid_fc_run(p, input, filter, bias, scales, row_sums, act, scratch, output, rvfw_hybrid_dots_ref);
}
