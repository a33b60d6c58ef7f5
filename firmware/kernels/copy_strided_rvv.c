/* SPDX-License-Identifier: Apache-2.0 */
/* Data movement of 1-, 2- or 4-byte elements, RVV 1.0: each innermost run one vector load per
 * LMUL-8 group at the element width (unit-stride, or strided by the run's byte stride: a
 * transpose's gather), a contiguous run as bytes. */
#include "rvfw_strided.h" /* before rvfw_rvv.h: it declares the parameter structs */
#include "rvfw_rvv.h"

/* n elements of SEW bits from src, `step` bytes apart, to out (advanced past them). */
#define RVFW_COPY_RUN(SEW, I, T, src)                                                                              \
    for (int32_t i = 0; i < n;) {                                                                                 \
        const size_t vl = __riscv_vsetvl_e##SEW##m8((size_t)(n - i));                                             \
        const T *from_ = (const T *)(const void *)((src) + i * step);                                             \
        __riscv_vse##SEW##_v_##I##m8((T *)(void *)out, __riscv_vlse##SEW##_v_##I##m8(from_, step, vl), vl);        \
        out += vl * (SEW / 8);                                                                                    \
        i += (int32_t)vl;                                                                                         \
    }

RVFW_KERNEL void rvfw_copy_strided_rvv(const rvfw_copy_strided_params *p, const void *input, void *output)
{
    int8_t *out = (int8_t *)output;
    const int32_t size = p->elem_size, step = p->strides[5];
    int32_t n = p->dims[5];
    if (step == size) { /* contiguous runs: bytes, unit-stride */
        n *= size;
#define COPY_BYTES(src)                                                                                            \
    for (int32_t i = 0; i < n;) {                                                                                 \
        const size_t vl = __riscv_vsetvl_e8m8((size_t)(n - i));                                                   \
        __riscv_vse8_v_i8m8(out, __riscv_vle8_v_i8m8((src) + i, vl), vl);                                         \
        out += vl;                                                                                                \
        i += (int32_t)vl;                                                                                         \
    }
        RVFW_STRIDED_RUNS(p, input, COPY_BYTES);
        return;
    }
#define COPY_RUN8(src) RVFW_COPY_RUN(8, i8, int8_t, src)
#define COPY_RUN16(src) RVFW_COPY_RUN(16, i16, int16_t, src)
#define COPY_RUN32(src) RVFW_COPY_RUN(32, i32, int32_t, src)
    if (size == 1)
        RVFW_STRIDED_RUNS(p, input, COPY_RUN8);
    else if (size == 2)
        RVFW_STRIDED_RUNS(p, input, COPY_RUN16);
    else
        RVFW_STRIDED_RUNS(p, input, COPY_RUN32);
}
