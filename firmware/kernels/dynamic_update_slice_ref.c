/* SPDX-License-Identifier: Apache-2.0 */
/* DYNAMIC_UPDATE_SLICE, any dtype, reference: TFLite Micro's kernel. An update as large as the
 * operand replaces it whole (whatever the indices); else the operand is copied and the update
 * written at the start indices, each clamped to [0, dim - update dim]. */
#include <string.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_dynamic_update_slice_ref(const rvfw_update_slice_params *p, const void *operand,
                                               const void *update, const void *indices, void *output)
{
    size_t total = 1, update_total = 1;
    for (int32_t d = 0; d < 6; ++d) {
        total *= (size_t)p->dims[d];
        update_total *= (size_t)p->update_dims[d];
    }
    const size_t es = (size_t)p->elem_size;
    if (update_total == total) {
        memcpy(output, update, total * es);
        return;
    }
    if (output != operand)
        memcpy(output, operand, total * es);
    if (update_total == 0)
        return;
    int32_t start[6] = {0, 0, 0, 0, 0, 0};
    const int32_t lead = 6 - p->rank;
    for (int32_t d = 0; d < p->rank; ++d) {
        const int64_t raw = p->index_bytes == 8 ? ((const int64_t *)indices)[d] : ((const int32_t *)indices)[d];
        const int64_t high = p->dims[lead + d] - p->update_dims[lead + d];
        start[lead + d] = (int32_t)(raw < 0 ? 0 : raw > high ? high : raw);
    }
    const int32_t *n = p->dims, *u = p->update_dims;
    const uint8_t *from = (const uint8_t *)update;
    uint8_t *to = (uint8_t *)output;
    const size_t row = (size_t)u[5] * es;
    for (int32_t i0 = 0; i0 < u[0]; ++i0)
        for (int32_t i1 = 0; i1 < u[1]; ++i1)
            for (int32_t i2 = 0; i2 < u[2]; ++i2)
                for (int32_t i3 = 0; i3 < u[3]; ++i3)
                    for (int32_t i4 = 0; i4 < u[4]; ++i4, from += row) {
                        size_t at = (size_t)(start[0] + i0);
                        at = at * (size_t)n[1] + (size_t)(start[1] + i1);
                        at = at * (size_t)n[2] + (size_t)(start[2] + i2);
                        at = at * (size_t)n[3] + (size_t)(start[3] + i3);
                        at = at * (size_t)n[4] + (size_t)(start[4] + i4);
                        at = at * (size_t)n[5] + (size_t)start[5];
                        memcpy(to + at * es, from, row);
                    }
}
