/* SPDX-License-Identifier: Apache-2.0 */
/* Data movement of 1-, 2- or 4-byte elements, fast scalar: each innermost run a typed loop (one
 * load and one store per element, the pointers stepped), a contiguous run a word copy
 * (rvfw_copy_forward), where the reference calls the C library's memcpy per element. */
#include "rvfw_strided.h"

#define RVFW_COPY_TYPED(T, src)                                                                                    \
    {                                                                                                             \
        const int8_t *from_ = (src);                                                                                 \
        T *o_ = (T *)(void *)out;                                                                                 \
        for (int32_t i = 0; i < n; ++i, from_ += step)                                                               \
            o_[i] = *(const T *)(const void *)from_;                                                                 \
        out += n * (int32_t)sizeof(T);                                                                            \
    }

RVFW_KERNEL void rvfw_copy_strided_scalar(const rvfw_copy_strided_params *p, const void *input, void *output)
{
    int8_t *out = (int8_t *)output;
    const int32_t size = p->elem_size, n = p->dims[5], step = p->strides[5];
    if (step == size) {
#define COPY_CONTIGUOUS(src)                                                                                       \
    rvfw_copy_forward((uint8_t *)out, (const uint8_t *)(src), (__SIZE_TYPE__)(n * size));                         \
    out += n * size;
        RVFW_STRIDED_RUNS(p, input, COPY_CONTIGUOUS);
        return;
    }
#define COPY8(src) RVFW_COPY_TYPED(int8_t, src)
#define COPY16(src) RVFW_COPY_TYPED(int16_t, src)
#define COPY32(src) RVFW_COPY_TYPED(int32_t, src)
    if (size == 1)
        RVFW_STRIDED_RUNS(p, input, COPY8);
    else if (size == 2)
        RVFW_STRIDED_RUNS(p, input, COPY16);
    else
        RVFW_STRIDED_RUNS(p, input, COPY32);
}
