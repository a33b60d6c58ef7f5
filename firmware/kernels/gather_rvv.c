/* SPDX-License-Identifier: Apache-2.0 */
/* GATHER by indices computed on the device, RVV (Zve32x too): the reference's rows (any dtype:
 * bytes move unchanged; an index outside [0, axis_size) gives a row of zeros) copied or filled a
 * vector of bytes at a time instead of through a C library call per row. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_gather_rvv(const rvfw_gather_params *p, const void *input, const int32_t *indices, void *output)
{
    const uint8_t *in = (const uint8_t *)input;
    uint8_t *out = (uint8_t *)output;
    const int32_t bytes = p->row_bytes;
    for (int32_t o = 0; o < p->outer; ++o)
        for (int32_t k = 0; k < p->count; ++k, out += bytes) {
            const int32_t row = indices[k];
            const int inside = row >= 0 && row < p->axis_size;
            const uint8_t *src = in + ((size_t)o * p->axis_size + (inside ? row : 0)) * bytes;
            for (int32_t i = 0; i < bytes;) {
                const size_t vl = __riscv_vsetvl_e8m8((size_t)(bytes - i));
                const vuint8m8_t v = inside ? __riscv_vle8_v_u8m8(src + i, vl) : __riscv_vmv_v_x_u8m8(0, vl);
                __riscv_vse8_v_u8m8(out + i, v, vl);
                i += (int32_t)vl;
            }
        }
}
