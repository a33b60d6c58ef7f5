/* SPDX-License-Identifier: Apache-2.0 */
/* PAD's walk over the output rows (innermost dimension in bytes), shared by its fast kernels:
 * FILL(out, n, pattern) writes n bytes of fill starting on an element boundary, COPY(out, in, n)
 * copies n bytes of an input row. `pattern` is four bytes of fill from an element boundary (the
 * fill element repeated: its period, 1, 2 or 4 bytes, divides 4). */
#ifndef RVFW_PAD_H
#define RVFW_PAD_H

#include "rvfw_kernels.h"

static inline uint32_t rvfw_pad_pattern(const rvfw_pad_params *p)
{
    const uint32_t v = (uint32_t)p->pad_value;
    return p->elem_size == 1 ? (v & 0xFFu) * 0x01010101u : p->elem_size == 2 ? (v & 0xFFFFu) * 0x00010001u : v;
}

#define RVFW_PAD_ROWS(p, input, output, FILL, COPY)                                                               \
    do {                                                                                                          \
        const uint32_t pattern_ = rvfw_pad_pattern(p);                                                           \
        const int32_t row_ = (p)->out_d3, in_row_ = (p)->in_d3, before_ = (p)->before_d3;                         \
        int8_t *out_ = (output);                                                                                  \
        for (int32_t a = 0; a < (p)->out_d0; ++a) {                                                               \
            const int32_t ia = a - (p)->before_d0;                                                                \
            for (int32_t b = 0; b < (p)->out_d1; ++b) {                                                           \
                const int32_t ib = b - (p)->before_d1;                                                            \
                const int inside_ = ia >= 0 && ia < (p)->in_d0 && ib >= 0 && ib < (p)->in_d1;                     \
                if (!inside_) { /* a whole plane of fill */                                                        \
                    FILL(out_, row_ * (p)->out_d2, pattern_);                                                     \
                    out_ += row_ * (p)->out_d2;                                                                   \
                    continue;                                                                                     \
                }                                                                                                 \
                const int8_t *in_ = (input) + (ia * (p)->in_d1 + ib) * (p)->in_d2 * in_row_;                     \
                for (int32_t c = 0; c < (p)->out_d2; ++c, out_ += row_) {                                         \
                    const int32_t ic = c - (p)->before_d2;                                                        \
                    if (ic < 0 || ic >= (p)->in_d2) {                                                             \
                        FILL(out_, row_, pattern_);                                                               \
                        continue;                                                                                 \
                    }                                                                                             \
                    FILL(out_, before_, pattern_);                                                                \
                    COPY(out_ + before_, in_ + ic * in_row_, in_row_);                                            \
                    FILL(out_ + before_ + in_row_, row_ - before_ - in_row_, pattern_);                           \
                }                                                                                                 \
            }                                                                                                     \
        }                                                                                                         \
    } while (0)

#endif
