/* SPDX-License-Identifier: Apache-2.0 */
/* RESIZE_BILINEAR, float32: TFLite's float blend of the four neighbours, with the indices and
 * weights ((1 - d, d) per output row and column) computed at build time as its float code
 * computes them; the sum in its order, plus its 0.0f rounding offset. */
#include "rvfw_kernels.h"

void rvfw_resize_bilinear_f32_ref(const rvfw_resize_bilinear_params *p, const float *input, const int32_t *rows,
                                  const float *row_w, const int32_t *cols, const float *col_w, float *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const float *in = input + b * p->in_h * p->in_w * p->depth;
        for (int32_t y = 0; y < p->out_h; ++y) {
            const float *r0 = in + rows[2 * y] * p->in_w * p->depth, *r1 = in + rows[2 * y + 1] * p->in_w * p->depth;
            const float ly = row_w[2 * y], dy = row_w[2 * y + 1];
            for (int32_t x = 0; x < p->out_w; ++x) {
                const int32_t c0 = cols[2 * x] * p->depth, c1 = cols[2 * x + 1] * p->depth;
                const float lx = col_w[2 * x], dx = col_w[2 * x + 1];
                for (int32_t c = 0; c < p->depth; ++c)
                    *output++ = r0[c0 + c] * ly * lx + r1[c0 + c] * dy * lx + r0[c1 + c] * ly * dx +
                                r1[c1 + c] * dy * dx + 0.0f;
            }
        }
    }
}
