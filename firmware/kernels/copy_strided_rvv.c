/* SPDX-License-Identifier: Apache-2.0 */
/* Data movement of bytes, RVV 1.0: each innermost run one vector load per LMUL-8 group
 * (contiguous, or strided: a TRANSPOSE's gather) and one store. codegen.ops.movement picks the
 * reference for elements wider than a byte. */
#include "rvfw_strided.h" /* before rvfw_rvv.h: it declares the parameter structs */
#include "rvfw_rvv.h"

void rvfw_copy_strided_rvv(const rvfw_copy_strided_params *p, const void *input, void *output)
{
    int8_t *out = (int8_t *)output;
    const int32_t n = p->dims[5], step = p->strides[5];
#define COPY_RUN(src)                                                                                              \
    for (int32_t i = 0; i < n;) {                                                                                 \
        const size_t vl = __riscv_vsetvl_e8m8((size_t)(n - i));                                                   \
        __riscv_vse8_v_i8m8(out, step == 1 ? __riscv_vle8_v_i8m8((src) + i, vl)                                   \
                                           : __riscv_vlse8_v_i8m8((src) + i * step, step, vl), vl);               \
        out += vl;                                                                                                \
        i += (int32_t)vl;                                                                                         \
    }
    RVFW_STRIDED_RUNS(p, input, COPY_RUN);
}
