/* SPDX-License-Identifier: Apache-2.0 */
/* SELECT_V2, any dtype: element i of x where the bool condition's byte i is non-zero, else of y,
 * elem_size bytes each, copied unchanged. */
#include <string.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_select_ref(const rvfw_select_params *p, const int8_t *condition, const int8_t *x, const int8_t *y,
                     int8_t *output)
{
    for (int32_t i = 0; i < p->size; ++i) {
        const int8_t *from = condition[i] ? x : y;
        memcpy(output + (size_t)i * p->elem_size, from + (size_t)i * p->elem_size, (size_t)p->elem_size);
    }
}
