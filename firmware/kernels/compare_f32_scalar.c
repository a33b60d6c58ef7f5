/* SPDX-License-Identifier: Apache-2.0 */
/* EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL of two float tensors with broadcasting,
 * fast scalar: the comparison chosen once, a tight loop per innermost run (rvfw_compare_scalar.h). */
#include "rvfw_compare_scalar.h"

RVFW_KERNEL void rvfw_compare_f32_scalar(const rvfw_compare_params *p, const float *a, const float *b, uint8_t *output)
{
    RVFW_COMPARE_SCALAR(p, float, a, b, output);
}
