/* SPDX-License-Identifier: Apache-2.0 */
/* Strided copy, reference: `rows` runs of row_bytes from the input, each to out_offset within a
 * run of out_row_bytes of the output (CONCATENATION: one call per input, into its slice). */
#include <string.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_copy_rows_s8_ref(const rvfw_copy_rows_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t r = 0; r < p->rows; ++r)
        memcpy(output + r * p->out_row_bytes + p->out_offset, input + r * p->row_bytes, (size_t)p->row_bytes);
}
