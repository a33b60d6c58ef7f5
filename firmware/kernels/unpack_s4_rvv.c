/* SPDX-License-Identifier: Apache-2.0 */
/* int4 weights unpacked, RVV 1.0: a vector of bytes, their low nibbles sign-extended by a shift
 * pair and their high ones by an arithmetic shift, stored interleaved (stride 2), bit-exact with
 * unpack_s4_ref. */
#include <riscv_vector.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_unpack_s4_rvv(const rvfw_unpack4_params *p, const uint8_t *packed, int8_t *output)
{
    const int32_t pairs = p->count >> 1;
    for (int32_t i = 0; i < pairs;) {
        const size_t vl = __riscv_vsetvl_e8m8((size_t)(pairs - i));
        const vint8m8_t bytes = __riscv_vreinterpret_v_u8m8_i8m8(__riscv_vle8_v_u8m8(packed + i, vl));
        const vint8m8_t low = __riscv_vsra_vx_i8m8(__riscv_vsll_vx_i8m8(bytes, 4, vl), 4, vl);
        const vint8m8_t high = __riscv_vsra_vx_i8m8(bytes, 4, vl);
        __riscv_vsse8_v_i8m8(output + 2 * i, 2, low, vl);
        __riscv_vsse8_v_i8m8(output + 2 * i + 1, 2, high, vl);
        i += (int32_t)vl;
    }
    if (p->count & 1)
        output[p->count - 1] = (int8_t)((int8_t)(packed[pairs] << 4) >> 4);
}
