/* SPDX-License-Identifier: Apache-2.0 */
/* GATHER by indices computed on the device, fast scalar: the reference's rows (any dtype: bytes
 * move unchanged; an index outside [0, axis_size) gives a row of zeros) copied a word at a time
 * where the rows and both buffers are word-aligned (a float or int32 row: a recurrent loop's time
 * step), instead of a C library call per row of a few words. */
#include <stddef.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_gather_scalar(const rvfw_gather_params *p, const void *input, const int32_t *indices, void *output)
{
    const int32_t bytes = p->row_bytes;
    const int words = ((uintptr_t)input | (uintptr_t)output | (uintptr_t)bytes) % 4 == 0;
    const int32_t n = words ? bytes / 4 : bytes;
    const uint8_t *in = (const uint8_t *)input;
    uint8_t *out = (uint8_t *)output;
    for (int32_t o = 0; o < p->outer; ++o)
        for (int32_t k = 0; k < p->count; ++k, out += bytes) {
            const int32_t row = indices[k];
            const int inside = row >= 0 && row < p->axis_size;
            const uint8_t *src = in + ((size_t)o * p->axis_size + (inside ? row : 0)) * bytes;
            if (words) {
                const uint32_t *s = (const uint32_t *)(const void *)src;
                uint32_t *d = (uint32_t *)(void *)out;
                for (int32_t i = 0; i < n; ++i)
                    d[i] = inside ? s[i] : 0;
            } else {
                for (int32_t i = 0; i < n; ++i)
                    out[i] = inside ? src[i] : 0;
            }
        }
}
