/* SPDX-License-Identifier: Apache-2.0 */
/* GATHER by indices computed on the device, reference: for each of `outer` blocks, output row k is
 * input row indices[k] of axis_size rows of row_bytes (any dtype: bytes move unchanged). An index
 * outside [0, axis_size) gives a row of zeros (TFLite Micro fails the inference instead). */
#include <string.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_gather_ref(const rvfw_gather_params *p, const void *input, const int32_t *indices, void *output)
{
    const uint8_t *in = (const uint8_t *)input;
    uint8_t *out = (uint8_t *)output;
    for (int32_t o = 0; o < p->outer; ++o) {
        for (int32_t k = 0; k < p->count; ++k, out += p->row_bytes) {
            const int32_t row = indices[k];
            if (row < 0 || row >= p->axis_size) {
                memset(out, 0, (size_t)p->row_bytes);
            } else {
                memcpy(out, in + ((size_t)o * p->axis_size + row) * p->row_bytes, (size_t)p->row_bytes);
            }
        }
    }
}
