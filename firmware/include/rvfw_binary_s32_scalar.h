/* SPDX-License-Identifier: Apache-2.0 */
/* The int32 (unquantised) elementwise kernels, fast scalar: the broadcast loop (rvfw_broadcast.h)
 * with its innermost run as a tight loop over two pointers that step by the run's strides (1, or 0
 * for a repeated operand), `combine(x, y)` then the fused activation's clamp, as the references. */
#ifndef RVFW_BINARY_S32_SCALAR_H
#define RVFW_BINARY_S32_SCALAR_H

#include "rvfw_broadcast.h"

#define RVFW_BINARY_S32_SCALAR(p, a, b, output, combine)                                                           \
    do {                                                                                                          \
        int32_t *out_ = (output);                                                                                 \
        const int32_t sa_ = (p)->a_strides[4], sb_ = (p)->b_strides[4], n_ = (p)->dims[4];                        \
        const int32_t lo_ = (p)->output_activation_min, hi_ = (p)->output_activation_max;                         \
        for (int32_t i0 = 0; i0 < (p)->dims[0]; ++i0)                                                             \
            for (int32_t i1 = 0; i1 < (p)->dims[1]; ++i1)                                                         \
                for (int32_t i2 = 0; i2 < (p)->dims[2]; ++i2)                                                     \
                    for (int32_t i3 = 0; i3 < (p)->dims[3]; ++i3) {                                               \
                        const int32_t *a_ = (a) + i0 * (p)->a_strides[0] + i1 * (p)->a_strides[1] +               \
                                            i2 * (p)->a_strides[2] + i3 * (p)->a_strides[3];                      \
                        const int32_t *b_ = (b) + i0 * (p)->b_strides[0] + i1 * (p)->b_strides[1] +               \
                                            i2 * (p)->b_strides[2] + i3 * (p)->b_strides[3];                      \
                        for (int32_t j = 0; j < n_; ++j, a_ += sa_, b_ += sb_) {                                  \
                            const int32_t v_ = combine(*a_, *b_);                                                 \
                            *out_++ = v_ < lo_ ? lo_ : v_ > hi_ ? hi_ : v_;                                       \
                        }                                                                                         \
                    }                                                                                             \
    } while (0)

#endif
