/* SPDX-License-Identifier: Apache-2.0 */
/* Data movement of bytes, XTheadVector (C906): each innermost run as strided byte loads into 32
 * lanes and byte stores. codegen.ops.movement picks the reference for wider elements. */
#include "rvfw_strided.h"
#include "rvfw_xthead.h"

RVFW_KERNEL void rvfw_copy_strided_xthead(const rvfw_copy_strided_params *p, const void *input, void *output)
{
    int8_t *out = (int8_t *)output;
    const int32_t n = p->dims[5], step = p->strides[5];
#define COPY_RUN(src)                                                                                              \
    for (int32_t i = 0; i < n;) {                                                                                 \
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(n - i));                                                   \
        XT_VLSB(8, (src) + i * step, step);                                                                       \
        XT_VSB(8, out);                                                                                           \
        out += vl;                                                                                                \
        i += (int32_t)vl;                                                                                         \
    }
    RVFW_STRIDED_RUNS(p, input, COPY_RUN);
}
