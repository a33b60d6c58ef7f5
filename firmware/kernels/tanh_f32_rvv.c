/* SPDX-License-Identifier: Apache-2.0 */
/* TANH, float32, RVV (V, Zve32f): the host C library's tanhf lane by lane (rvfw_tanhf_rvv.h, bit
 * for bit rvfw_tanhf). */
#include "rvfw_kernels.h"
#include "rvfw_tanhf_rvv.h"

RVFW_KERNEL void rvfw_tanh_f32_rvv(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->size - i));
        __riscv_vse32_v_f32m4(output + i, rvfw_tanhf_f32m4(__riscv_vle32_v_f32m4(input + i, vl), vl), vl);
        i += (int32_t)vl;
    }
}
