/* SPDX-License-Identifier: Apache-2.0 */
/* Strided copy of rows (CONCATENATION, PACK), fast scalar: each row a machine word at a time where
 * aligned (rvfw_copy_forward), not picolibc's byte-at-a-time memcpy. */
#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_copy_rows_s8_scalar(const rvfw_copy_rows_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t r = 0; r < p->rows; ++r)
        rvfw_copy_forward((uint8_t *)output + r * p->out_row_bytes + p->out_offset,
                          (const uint8_t *)input + r * p->row_bytes, (__SIZE_TYPE__)p->row_bytes);
}
