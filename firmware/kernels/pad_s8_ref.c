/* SPDX-License-Identifier: Apache-2.0 */
/* PAD, any element type (innermost dimension in bytes), reference: the input copied into the output
 * at (before_d0..3), every other output element set to the fill (the output zero point, or PADV2's
 * value; its raw bits repeated for multi-byte elements). Innermost rows are copied whole. */
#include <string.h>

#include "rvfw_kernels.h"

/* n bytes of fill starting on an element boundary. */
static void fill(const rvfw_pad_params *p, int8_t *out, int32_t n)
{
    if (p->elem_size == 1) {
        memset(out, p->pad_value, (size_t)n);
        return;
    }
    for (int32_t i = 0; i < n; ++i)
        out[i] = (int8_t)((uint32_t)p->pad_value >> (8 * ((i % p->elem_size) & 3))); /* int64: 0 or -1 */
}

RVFW_KERNEL void rvfw_pad_s8_ref(const rvfw_pad_params *p, const int8_t *input, int8_t *output)
{
    const int32_t row = p->out_d3, in_row = p->in_d3;
    for (int32_t a = 0; a < p->out_d0; ++a) {
        for (int32_t b = 0; b < p->out_d1; ++b) {
            for (int32_t c = 0; c < p->out_d2; ++c) {
                int8_t *out = output + ((a * p->out_d1 + b) * p->out_d2 + c) * row;
                const int32_t ia = a - p->before_d0, ib = b - p->before_d1, ic = c - p->before_d2;
                if (ia < 0 || ia >= p->in_d0 || ib < 0 || ib >= p->in_d1 || ic < 0 || ic >= p->in_d2) {
                    fill(p, out, row);
                    continue;
                }
                const int8_t *in = input + ((ia * p->in_d1 + ib) * p->in_d2 + ic) * in_row;
                fill(p, out, p->before_d3);
                memcpy(out + p->before_d3, in, (size_t)in_row);
                fill(p, out + p->before_d3 + in_row, row - p->before_d3 - in_row);
            }
        }
    }
}
