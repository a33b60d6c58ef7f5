/* SPDX-License-Identifier: Apache-2.0 */
/* CAST between int8, int16, int32 and uint32, RVV: a strip sign-extended to 32-bit lanes, stored
 * truncated to the output's width: the wrapping conversion C and TFLite Micro make. codegen.ops.cast
 * picks it for those pairs only (the others, uint8, 64-bit, float32 and bool, run cast_ref). */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

static int32_t width_of(int32_t dtype)
{
    switch (dtype) {
    case RVFW_CAST_INT8: return 1;
    case RVFW_CAST_INT16: return 2;
    case RVFW_CAST_INT32:
    case RVFW_CAST_UINT32: return 4;
    default: return 0;
    }
}

RVFW_KERNEL void rvfw_cast_rvv(const rvfw_cast_params *p, const void *input, void *output)
{
    const int32_t from = width_of(p->from), to = width_of(p->to);
    for (int32_t i = 0; i < p->count;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->count - i));
        vint32m8_t x;
        if (from == 4)
            x = __riscv_vle32_v_i32m8((const int32_t *)input + i, vl);
        else if (from == 2)
            x = __riscv_vsext_vf2_i32m8(__riscv_vle16_v_i16m4((const int16_t *)input + i, vl), vl);
        else
            x = __riscv_vsext_vf4_i32m8(__riscv_vle8_v_i8m2((const int8_t *)input + i, vl), vl);
        if (to == 4)
            __riscv_vse32_v_i32m8((int32_t *)output + i, x, vl);
        else if (to == 2)
            __riscv_vse16_v_i16m4((int16_t *)output + i, __riscv_vncvt_x_x_w_i16m4(x, vl), vl);
        else
            __riscv_vse8_v_i8m2((int8_t *)output + i, __riscv_vncvt_x_x_w_i8m2(__riscv_vncvt_x_x_w_i16m4(x, vl), vl),
                                vl);
        i += (int32_t)vl;
    }
}
