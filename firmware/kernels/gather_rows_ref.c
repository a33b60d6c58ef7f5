/* SPDX-License-Identifier: Apache-2.0 */
/* Rows by a table, reference: output row r = input row table[r] (bytes of row_bytes each). */
#include <string.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_gather_rows_ref(const rvfw_gather_rows_params *p, const void *input, const int32_t *table, void *output)
{
    const int8_t *in = (const int8_t *)input;
    int8_t *out = (int8_t *)output;
    for (int32_t r = 0; r < p->rows; ++r)
        memcpy(out + r * p->row_bytes, in + table[r] * p->row_bytes, (size_t)p->row_bytes);
}
