/* SPDX-License-Identifier: Apache-2.0 */
/* CIRCULAR_BUFFER, int8: the slots shifted down by one, the input written into the last, and the
 * slots copied to the output (TFLite Micro shifts its output in place: the same bytes). */
#include <string.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_circular_buffer_s8_ref(const rvfw_circular_buffer_params *p, const int8_t *input, int8_t *slots,
                                             int8_t *output)
{
    const size_t depth = (size_t)p->depth, last = (size_t)(p->slots - 1) * depth;
    memmove(slots, slots + depth, last);
    memcpy(slots + last, input, depth);
    memcpy(output, slots, last + depth);
}
