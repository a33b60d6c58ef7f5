/* SPDX-License-Identifier: Apache-2.0 */
/* EXP, float32, fast scalar: exp_f32_ref's special cases, then rvfw_expf_int, the same bits as
 * rvfw_expf in integer arithmetic where a core has no double-precision FPU (every double
 * operation a libgcc call otherwise). Bit-exact with exp_f32_ref. */
#include "rvfw_expf_int.h"
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_exp_f32_scalar(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i) {
        const float x = input[i];
        uint32_t ix;
        __builtin_memcpy(&ix, &x, sizeof ix);
        if ((ix & 0x7fffffffu) > 0x7f800000u)
            output[i] = x + x;
        else if (x > 0x1.62e42ep6f)
            output[i] = __builtin_inff();
        else
            output[i] = rvfw_expf_int(x);
    }
}
