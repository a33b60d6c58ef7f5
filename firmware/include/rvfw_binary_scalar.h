/* SPDX-License-Identifier: Apache-2.0 */
/* The int8 and int16 elementwise kernels with broadcasting, fast scalar: each innermost run of the
 * broadcast loop (RVFW_BROADCAST_RUNS) is a tight loop over the reference's arithmetic. The
 * reference reloads every parameter per element (the output may alias the params, as far as the
 * compiler knows) and recomputes the shifts' masks; here they sit in registers, and each
 * requantisation is a 32x32 -> 64-bit multiply (mul, mulh on RV32) and one rounding shift. */
#ifndef RVFW_BINARY_SCALAR_H
#define RVFW_BINARY_SCALAR_H

#include "rvfw_broadcast.h"

/* One requantisation (multiplier, shift) with its shifts split once: TFLite's
 * MultiplyByQuantizedMultiplier, as rvfw_requantize computes it. */
typedef struct {
    int32_t multiplier, left, right;
    uint32_t mask, half; /* the rounding shift's mask and its half (threshold before the sign) */
} rvfw_requant_scalar;

static inline rvfw_requant_scalar rvfw_requant_scalar_of(int32_t multiplier, int32_t shift)
{
    rvfw_requant_scalar r;
    r.multiplier = multiplier;
    r.left = shift > 0 ? shift : 0;
    r.right = shift > 0 ? 0 : -shift;
    r.mask = (1u << r.right) - 1u;
    r.half = r.mask >> 1;
    return r;
}

static inline int32_t rvfw_requant_scalar_apply(const rvfw_requant_scalar *r, int32_t x)
{
    const int32_t a = (int32_t)((uint32_t)x << r->left);
    const int32_t high = __builtin_expect(a == INT32_MIN && r->multiplier == INT32_MIN, 0)
                             ? INT32_MAX
                             : (int32_t)(((int64_t)a * (int64_t)r->multiplier + (1LL << 30)) >> 31);
    const int32_t remainder = (int32_t)((uint32_t)high & r->mask);
    return (high >> r->right) + (remainder > (int32_t)r->half + (high < 0));
}

/* The loop every kernel of this header runs, on elements of type T (int8, or int16: the 16x8
 * kernels, whose clamp is the int16 range): ELEMENT(x, y) is an int32 before the output's zero
 * point and clamp; `setup` declares what ELEMENT reads, from p. */
#define RVFW_BINARY_SCALAR(T, p, a, b, output, setup, ELEMENT)                                                     \
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
    const rvfw_requant_scalar r1_ = rvfw_requant_scalar_of((p)->input1_multiplier, (p)->input1_shift);            \
    const rvfw_requant_scalar r2_ = rvfw_requant_scalar_of((p)->input2_multiplier, (p)->input2_shift);            \
    const rvfw_requant_scalar ro_ = rvfw_requant_scalar_of((p)->output_multiplier, (p)->output_shift)
/* MUL: the offsets and the output's requantisation of the product. */
#define RVFW_PRODUCT_SETUP(p)                                                                                     \
    const int32_t off1_ = (p)->input1_offset, off2_ = (p)->input2_offset;                                         \
    const rvfw_requant_scalar ro_ = rvfw_requant_scalar_of((p)->output_multiplier, (p)->output_shift)
#define RVFW_PRODUCT(x, y) rvfw_requant_scalar_apply(&ro_, ((x) + off1_) * ((y) + off2_))
#define RVFW_RESCALED(x, off, r) rvfw_requant_scalar_apply(&(r), (int32_t)((uint32_t)((x) + (off)) << ls_))

#endif
