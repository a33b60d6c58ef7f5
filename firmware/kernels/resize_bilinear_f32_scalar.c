/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR, float32, fast scalar for cores without an FPU: the reference's blend, each of
 * its multiplies and adds in its order on the floats' bits (rvfw_softfloat.h) instead of a
 * libgcc call; an element whose operations leave the normal range (a zero weight times an
 * infinity, a subnormal input) is computed as the reference computes it. */
#include "rvfw_resize.h"
#include "rvfw_softfloat.h"

RVFW_KERNEL void rvfw_resize_bilinear_f32_scalar(const rvfw_resize_bilinear_params *p, const float *input, const int32_t *rows,
                                     const float *row_w, const int32_t *cols, const float *col_w, float *output)
{
    const uint32_t *bits = (const uint32_t *)(const void *)input;
#define BLEND_ROW                                                                                                 \
    const uint32_t ly = rvfw_f32_bits(row_w[2 * y]), dy = rvfw_f32_bits(row_w[2 * y + 1]);                       \
    for (int32_t x = 0; x < p->out_w; ++x) {                                                                      \
        const int32_t c0 = cols[2 * x] * p->depth, c1 = cols[2 * x + 1] * p->depth;                              \
        const uint32_t lx = rvfw_f32_bits(col_w[2 * x]), dx = rvfw_f32_bits(col_w[2 * x + 1]);                   \
        for (int32_t c = 0; c < p->depth; ++c, ++output) {                                                        \
            int odd = 0;                                                                                          \
            uint32_t sum = rvfw_sf_mul(rvfw_sf_mul(r0[c0 + c], ly, &odd), lx, &odd);                              \
            sum = rvfw_sf_add(sum, rvfw_sf_mul(rvfw_sf_mul(r1[c0 + c], dy, &odd), lx, &odd), &odd);               \
            sum = rvfw_sf_add(sum, rvfw_sf_mul(rvfw_sf_mul(r0[c1 + c], ly, &odd), dx, &odd), &odd);               \
            sum = rvfw_sf_add(sum, rvfw_sf_mul(rvfw_sf_mul(r1[c1 + c], dy, &odd), dx, &odd), &odd);               \
            sum = rvfw_sf_add(sum, 0, &odd); /* the reference's + 0.0f: -0 becomes +0 */                         \
            *output = odd ? rvfw_resize_blend_f32(rvfw_f32_from_bits(r0[c0 + c]), rvfw_f32_from_bits(r1[c0 + c]), \
                                                  rvfw_f32_from_bits(r0[c1 + c]), rvfw_f32_from_bits(r1[c1 + c]), \
                                                  row_w[2 * y], row_w[2 * y + 1], col_w[2 * x], col_w[2 * x + 1]) \
                          : rvfw_f32_from_bits(sum);                                                              \
        }                                                                                                         \
    }
    RVFW_RESIZE_ROWS(p, uint32_t, bits, rows, 2, BLEND_ROW);
}
