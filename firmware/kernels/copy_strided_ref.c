/* Data movement of any dtype, reference: the output written in order, each element read from
 * input + offset + sum(i_d * strides[d]) (bytes). TRANSPOSE, SLICE, STRIDED_SLICE, SPLIT, UNPACK,
 * BROADCAST_TO, DEPTH_TO_SPACE, SPACE_TO_DEPTH and integer-factor resizing all reduce to this
 * (codegen.ops.movement merges dimensions first, so runs are as long as the layout allows). An
 * innermost stride equal to the element size is one memcpy per run. */
#include <string.h>

#include "rvfw_kernels.h"

void rvfw_copy_strided_ref(const rvfw_copy_strided_params *p, const void *input, void *output)
{
    const int8_t *in = (const int8_t *)input + p->offset;
    int8_t *out = (int8_t *)output;
    const int32_t *d = p->dims, *s = p->strides;
    const int32_t size = p->elem_size;
    const int contiguous = s[5] == size;
    for (int32_t i0 = 0; i0 < d[0]; ++i0)
        for (int32_t i1 = 0; i1 < d[1]; ++i1)
            for (int32_t i2 = 0; i2 < d[2]; ++i2)
                for (int32_t i3 = 0; i3 < d[3]; ++i3)
                    for (int32_t i4 = 0; i4 < d[4]; ++i4) {
                        const int8_t *src = in + i0 * s[0] + i1 * s[1] + i2 * s[2] + i3 * s[3] + i4 * s[4];
                        if (contiguous) {
                            memcpy(out, src, (size_t)(d[5] * size));
                            out += d[5] * size;
                            continue;
                        }
                        for (int32_t i5 = 0; i5 < d[5]; ++i5, out += size, src += s[5])
                            memcpy(out, src, (size_t)size);
                    }
}
