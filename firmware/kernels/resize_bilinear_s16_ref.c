/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR, int16 (which LiteRT runs and TFLite Micro does not), reference: TFLite's integer
 * bilinear as for int8, each output value blending four input values with weights in 1/1024 along
 * each axis (rows[], cols[]: lower index, upper index, upper weight), the sum in units of 2^-20
 * rounded half away from zero (measured: LiteRT's reference kernels round so, 11 of 240 seeded
 * outputs differ rounding half up). The sum reaches 2^35, so it is 64-bit. */
#include "rvfw_resize.h"

RVFW_KERNEL void rvfw_resize_bilinear_s16_ref(const rvfw_resize_bilinear_params *p, const int16_t *input,
                                              const int32_t *rows, const int32_t *cols, int16_t *output)
{
    const int64_t one = 1 << 10;
#define BLEND_ROW_S16                                                                                             \
    const int64_t dy = rows[3 * y + 2];                                                                           \
    for (int32_t x = 0; x < p->out_w; ++x) {                                                                      \
        const int32_t c0 = cols[3 * x] * p->depth, c1 = cols[3 * x + 1] * p->depth;                              \
        const int64_t dx = cols[3 * x + 2];                                                                       \
        const int64_t w00 = (one - dy) * (one - dx), w10 = dy * (one - dx), w01 = (one - dy) * dx, w11 = dy * dx; \
        for (int32_t c = 0; c < p->depth; ++c) {                                                                  \
            const int64_t sum = r0[c0 + c] * w00 + r1[c0 + c] * w10 + r0[c1 + c] * w01 + r1[c1 + c] * w11;       \
            *output++ = (int16_t)((sum + (sum > 0 ? (1 << 19) : -(1 << 19))) / (1 << 20));                         \
        }                                                                                                         \
    }
    RVFW_RESIZE_ROWS(p, int16_t, input, rows, 3, BLEND_ROW_S16);
}
