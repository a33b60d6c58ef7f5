/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR, int8, reference: each output value blends four input values with weights in
 * 1/1024 along each axis (rows[], cols[]: lower index, upper index, upper weight), the sum in
 * units of 2^-20 rounded half away from zero (TFLite's integer bilinear). The sum is at most
 * 128 * 2^20, so int32 holds it. */
#include "rvfw_resize.h"

RVFW_KERNEL void rvfw_resize_bilinear_s8_ref(const rvfw_resize_bilinear_params *p, const int8_t *input, const int32_t *rows,
                                 const int32_t *cols, int8_t *output)
{
    const int32_t one = 1 << 10;
#define BLEND_ROW                                                                                                 \
    const int32_t dy = rows[3 * y + 2];                                                                           \
    for (int32_t x = 0; x < p->out_w; ++x) {                                                                      \
        const int32_t c0 = cols[3 * x] * p->depth, c1 = cols[3 * x + 1] * p->depth, dx = cols[3 * x + 2];         \
        const int32_t w00 = (one - dy) * (one - dx), w10 = dy * (one - dx), w01 = (one - dy) * dx, w11 = dy * dx; \
        for (int32_t c = 0; c < p->depth; ++c) {                                                                  \
            const int32_t sum = r0[c0 + c] * w00 + r1[c0 + c] * w10 + r0[c1 + c] * w01 + r1[c1 + c] * w11;       \
            *output++ = (int8_t)((sum + (sum > 0 ? (1 << 19) : -(1 << 19))) / (1 << 20));                         \
        }                                                                                                         \
    }
    RVFW_RESIZE_ROWS(p, int8_t, input, rows, 3, BLEND_ROW);
}
