/* SPDX-License-Identifier: Apache-2.0 */
/* SELECT_V2 with broadcasting, any dtype (TFLite Micro's BroadcastSelect5DSlow): each output
 * element of x where the condition's (broadcast) byte is non-zero, else of y, copied unchanged. */
#include <string.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_select_broadcast_ref(const rvfw_select_broadcast_params *p, const int8_t *condition,
                                           const int8_t *x, const int8_t *y, int8_t *output)
{
    const size_t es = (size_t)p->elem_size;
    int32_t i[6];
    for (i[0] = 0; i[0] < p->dims[0]; ++i[0])
        for (i[1] = 0; i[1] < p->dims[1]; ++i[1])
            for (i[2] = 0; i[2] < p->dims[2]; ++i[2])
                for (i[3] = 0; i[3] < p->dims[3]; ++i[3])
                    for (i[4] = 0; i[4] < p->dims[4]; ++i[4])
                        for (i[5] = 0; i[5] < p->dims[5]; ++i[5]) {
                            int32_t c = 0, a = 0, b = 0;
                            for (int d = 0; d < 6; ++d) {
                                c += i[d] * p->cond_strides[d];
                                a += i[d] * p->x_strides[d];
                                b += i[d] * p->y_strides[d];
                            }
                            memcpy(output, condition[c] ? x + (size_t)a * es : y + (size_t)b * es, es);
                            output += es;
                        }
}
