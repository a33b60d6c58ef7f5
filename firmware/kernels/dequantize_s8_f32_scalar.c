/* SPDX-License-Identifier: Apache-2.0 */
/* DEQUANTIZE int8 -> float32, fast scalar: an int8 input takes 256 values, so each output is read
 * from a table of the reference's 256 results (scale * (q - zero point) in double, rounded to
 * float), computed at build time: no float arithmetic on the device, which a core without an FPU
 * would run in software. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_dequantize_s8_f32_scalar(const rvfw_affine_params *p, const int8_t *input, const float *table, float *output)
{
    const float *at = table + 128; /* indexed by the int8 value */
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = at[input[i]];
}
