/* SPDX-License-Identifier: Apache-2.0 */
/* Data movement of any dtype, reference: the output written in order, each element read from
 * input + offset + sum(i_d * strides[d]) (bytes). TRANSPOSE, SLICE, STRIDED_SLICE, SPLIT, UNPACK,
 * BROADCAST_TO, DEPTH_TO_SPACE, SPACE_TO_DEPTH and integer-factor resizing all reduce to this
 * (codegen.ops.movement finds the fewest levels). An innermost stride equal to the element size
 * is one memcpy per run. */
#include <string.h>

#include "rvfw_strided.h"

RVFW_KERNEL void rvfw_copy_strided_ref(const rvfw_copy_strided_params *p, const void *input, void *output)
{
    int8_t *out = (int8_t *)output;
    const int32_t size = p->elem_size, n = p->dims[5], step = p->strides[5];
#define COPY_RUN(src)                                                                                              \
    if (step == size) {                                                                                           \
        memcpy(out, (src), (size_t)(n * size));                                                                   \
        out += n * size;                                                                                          \
    } else {                                                                                                      \
        for (int32_t i = 0; i < n; ++i, out += size)                                                              \
            memcpy(out, (src) + i * step, (size_t)size);                                                          \
    }
    RVFW_STRIDED_RUNS(p, input, COPY_RUN);
}
