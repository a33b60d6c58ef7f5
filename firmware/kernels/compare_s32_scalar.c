/* SPDX-License-Identifier: Apache-2.0 */
/* EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL of two int32_t tensors with broadcasting,
 * fast scalar: the comparison chosen once, a tight loop per innermost run (rvfw_compare_scalar.h). */
#include "rvfw_compare_scalar.h"

RVFW_KERNEL void rvfw_compare_s32_scalar(const rvfw_compare_params *p, const int32_t *a, const int32_t *b, uint8_t *output)
{
    RVFW_COMPARE_SCALAR(p, int32_t, a, b, output);
}
