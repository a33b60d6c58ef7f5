/* SPDX-License-Identifier: Apache-2.0 */
/* TANH, float32, fast scalar for cores without an FPU: the reference's tanhf, operation for
 * operation, on integer add, multiply and divide of the floats' bits (rvfw_tanhf_soft.h) instead
 * of libgcc's soft-float calls; the same bits. */
#include "rvfw_kernels.h"
#include "rvfw_tanhf_soft.h"

RVFW_KERNEL void rvfw_tanh_f32_scalar(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = rvfw_tanhf_soft(input[i]);
}
