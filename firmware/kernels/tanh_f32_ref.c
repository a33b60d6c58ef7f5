/* SPDX-License-Identifier: Apache-2.0 */
/* TANH, float32: the host C library's tanhf (rvfw_tanhf.h), which TFLite Micro calls. */
#include "rvfw_kernels.h"
#include "rvfw_tanhf.h"

RVFW_KERNEL void rvfw_tanh_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = rvfw_tanhf(input[i]);
}
