/* SPDX-License-Identifier: Apache-2.0 */
/* GELU, float32 (exact form), fast scalar for cores without an FPU: gelu_f32_ref's operations on
 * integer add, multiply and divide of the floats' bits (rvfw_gelu_soft.h; x^2's rounding error from
 * the mantissas' exact square) instead of libgcc's soft-float calls; the same bits. */
#include "rvfw_gelu_soft.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_gelu_f32_scalar(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = rvfw_gelu_soft(input[i], i, p->size);
}
