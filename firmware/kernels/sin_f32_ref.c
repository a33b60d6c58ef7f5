/* SPDX-License-Identifier: Apache-2.0 */
/* SIN, float32: sinf as the host C library TFLite Micro runs with computes it (rvfw_sinf,
 * glibc's algorithm, to the bit over every float). */
#include "rvfw_kernels.h"
#include "rvfw_sinf.h"

RVFW_KERNEL void rvfw_sin_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = rvfw_sinf(input[i]);
}
