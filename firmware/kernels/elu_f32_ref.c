/* SPDX-License-Identifier: Apache-2.0 */
/* ELU, float32: x < 0 ? expm1(x) : x, with the host C library's expm1f (rvfw_tanhf.h). */
#include "rvfw_kernels.h"
#include "rvfw_tanhf.h"

RVFW_KERNEL void rvfw_elu_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = input[i] < 0.0f ? rvfw_expm1f(input[i]) : input[i];
}
