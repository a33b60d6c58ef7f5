/* SPDX-License-Identifier: Apache-2.0 */
/* PAD, any element type (innermost dimension in bytes), RVV: the reference's rows (rvfw_pad.h),
 * copies and fills in LMUL-8 byte strips. The fill strip is the four-byte pattern splatted in
 * 32-bit lanes and stored as bytes: every strip but the last is VLEN bytes, a multiple of 4, so
 * the pattern stays in phase from strip to strip. */
#include "rvfw_pad.h"
#include "rvfw_rvv.h"

static void fill(int8_t *out, int32_t n, uint32_t pattern)
{
    const vuint8m8_t bytes = __riscv_vreinterpret_v_u32m8_u8m8(
        __riscv_vmv_v_x_u32m8(pattern, __riscv_vsetvlmax_e32m8()));
    for (int32_t i = 0; i < n;) {
        const size_t vl = __riscv_vsetvl_e8m8((size_t)(n - i));
        __riscv_vse8_v_u8m8((uint8_t *)out + i, bytes, vl);
        i += (int32_t)vl;
    }
}

static inline void copy(int8_t *out, const int8_t *in, int32_t n)
{
    for (int32_t i = 0; i < n;) {
        const size_t vl = __riscv_vsetvl_e8m8((size_t)(n - i));
        __riscv_vse8_v_i8m8(out + i, __riscv_vle8_v_i8m8(in + i, vl), vl);
        i += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_pad_s8_rvv(const rvfw_pad_params *p, const int8_t *input, int8_t *output)
{
    RVFW_PAD_ROWS(p, input, output, fill, copy);
}
