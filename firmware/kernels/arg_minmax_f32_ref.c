/* SPDX-License-Identifier: Apache-2.0 */
/* ARG_MAX and ARG_MIN, float32: the one loop of rvfw_arg_minmax.h over float elements. */
#include "rvfw_arg_minmax.h"

RVFW_KERNEL void rvfw_arg_minmax_f32_ref(const rvfw_arg_params *p, const float *input, void *output)
{
    RVFW_ARG_MINMAX(float, p, input, output);
}
