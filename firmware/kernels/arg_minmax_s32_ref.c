/* SPDX-License-Identifier: Apache-2.0 */
/* ARG_MAX and ARG_MIN, int32 input (LiteRT's; TFLite Micro takes int8 and float32): the one loop of
 * rvfw_arg_minmax.h over int32_t elements. */
#include "rvfw_arg_minmax.h"

RVFW_KERNEL void rvfw_arg_minmax_s32_ref(const rvfw_arg_params *p, const int32_t *input, void *output)
{
    RVFW_ARG_MINMAX(int32_t, p, input, output);
}
