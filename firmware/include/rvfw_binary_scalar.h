/* SPDX-License-Identifier: Apache-2.0 */
/* The int8 and int16 elementwise kernels with broadcasting, fast scalar: each innermost run of the
 * broadcast loop (RVFW_BROADCAST_RUNS) is a tight loop over the reference's arithmetic. The
 * reference reloads every parameter per element (the output may alias the params, as far as the
 * compiler knows); here they are locals, so the requantisations (rvfw_requantize) keep them in
 * registers and their shift masks are computed once, outside the loop. */
#ifndef RVFW_BINARY_SCALAR_H
#define RVFW_BINARY_SCALAR_H

#include "rvfw_broadcast.h"

/* The loop every kernel of this header runs, on elements of type T (int8, or int16: the 16x8
 * kernels, whose clamp is the int16 range): ELEMENT(x, y), which the kernel file defines, is an
 * int32 before the output's zero point and clamp; `setup` declares what ELEMENT reads, from p. */
#define RVFW_BINARY_SCALAR(T, p, a, b, output, setup)                                                              \
    do {                                                                                                          \
        setup;                                                                                                    \
        const int32_t out_offset_ = (p)->output_offset;                                                           \
        const int32_t lo_ = (p)->output_activation_min, hi_ = (p)->output_activation_max;                         \
        RVFW_BROADCAST_RUNS(p, T, a, b, output, RVFW_BINARY_SCALAR_ROW);                                          \
    } while (0)

#define RVFW_BINARY_SCALAR_ROW(p, x, sx, y, sy, out, n)                                                            \
    {                                                                                                             \
        const __typeof__(*(x)) *x_ = (x), *y_ = (y);                                                              \
        const int32_t sx_ = (sx), sy_ = (sy), n_ = (n); /* in registers: out may alias p */                       \
        for (int32_t j = 0; j < n_; ++j, x_ += sx_, y_ += sy_) {                                                  \
            const int32_t v_ = ELEMENT(*x_, *y_) + out_offset_;                                                   \
            (out)[j] = (__typeof__(*(out)))(v_ < lo_ ? lo_ : v_ > hi_ ? hi_ : v_);                                \
        }                                                                                                         \
    }

/* ADD and SUB: both inputs to the common scale (offset, headroom shift, multiplier), then the
 * output's requantisation of their sum or difference. */
#define RVFW_RESCALED_SETUP(p)                                                                                    \
    const int32_t off1_ = (p)->input1_offset, off2_ = (p)->input2_offset, ls_ = (p)->left_shift;                  \
    const int32_t m1_ = (p)->input1_multiplier, s1_ = (p)->input1_shift;                                          \
    const int32_t m2_ = (p)->input2_multiplier, s2_ = (p)->input2_shift;                                          \
    const int32_t mo_ = (p)->output_multiplier, so_ = (p)->output_shift
/* MUL: the offsets and the output's requantisation of the product. */
#define RVFW_PRODUCT_SETUP(p)                                                                                     \
    const int32_t off1_ = (p)->input1_offset, off2_ = (p)->input2_offset;                                         \
    const int32_t mo_ = (p)->output_multiplier, so_ = (p)->output_shift
#define RVFW_PRODUCT(x, y) rvfw_requantize(((x) + off1_) * ((y) + off2_), mo_, so_)
#define RVFW_RESCALED(x, off, which) rvfw_requantize((int32_t)((uint32_t)((x) + (off)) << ls_), m##which##_, s##which##_)
#define RVFW_RESCALED_SUM(x, y, op) rvfw_requantize(RVFW_RESCALED(x, off1_, 1) op RVFW_RESCALED(y, off2_, 2), mo_, so_)

#endif
