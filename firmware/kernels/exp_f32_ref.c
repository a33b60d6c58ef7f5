/* SPDX-License-Identifier: Apache-2.0 */
/* EXP, float32: expf as the host C library TFLite Micro runs with computes it (rvfw_expf, glibc's
 * algorithm), over the whole float range: NaN stays NaN, above 88.72 overflows to infinity, below
 * -103.97 (and -inf) is 0, as glibc's special cases. */
#include "rvfw_expf.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_exp_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    const uint32_t inf_bits = 0x7f800000u;
    float inf;
    __builtin_memcpy(&inf, &inf_bits, sizeof inf);
    for (int32_t i = 0; i < p->size; ++i) {
        const float x = input[i];
        uint32_t ix;
        __builtin_memcpy(&ix, &x, sizeof ix);
        if ((ix & 0x7fffffffu) > inf_bits)
            output[i] = x + x; /* NaN: quieted, as glibc returns it */
        else if (x > 0x1.62e42ep6f)
            output[i] = inf;
        else
            output[i] = rvfw_expf(x);
    }
}
