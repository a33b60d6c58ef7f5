/* SPDX-License-Identifier: Apache-2.0 */
/* ARG_MAX and ARG_MIN, int8: the one loop of rvfw_arg_minmax.h over int8_t elements. */
#include "rvfw_arg_minmax.h"

RVFW_KERNEL void rvfw_arg_minmax_s8_ref(const rvfw_arg_params *p, const int8_t *input, void *output)
{
    RVFW_ARG_MINMAX(int8_t, p, input, output);
}
