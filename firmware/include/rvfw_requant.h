/* SPDX-License-Identifier: Apache-2.0 */
/* The one requantisation helper every kernel uses: TFLite Micro's
 * MultiplyByQuantizedMultiplier with its default double rounding
 * (saturating rounding doubling high multiply, then a rounding right shift). */
#ifndef RVFW_REQUANT_H
#define RVFW_REQUANT_H

#include <stdint.h>

static inline int32_t rvfw_srdhm(int32_t a, int32_t b)
{
    if (a == INT32_MIN && b == INT32_MIN)
        return INT32_MAX;
    /* The reference adds 2^30 (ab >= 0) or 1 - 2^30 (ab < 0) and divides by 2^31 rounding toward
     * zero; both cases equal floor((ab + 2^30) / 2^31), an arithmetic shift, with no division. */
    return (int32_t)(((int64_t)a * (int64_t)b + (1LL << 30)) >> 31);
}

static inline int32_t rvfw_rounding_divide_by_pot(int32_t x, int exponent)
{
    const int32_t mask = (int32_t)((1u << exponent) - 1u); /* exponent <= 31, as in gemmlowp */
    const int32_t remainder = x & mask;
    const int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
    return (x >> exponent) + (remainder > threshold ? 1 : 0);
}

/* MultiplyByQuantizedMultiplier, written for few instructions on RV32: the doubling high multiply
 * saturates only for INT32_MIN x INT32_MIN (a negative multiplier can round to INT32_MIN), and the
 * rounding shift's mask is 32-bit arithmetic (TFLite's shifts are >= -31). */
static inline int32_t rvfw_requantize(int32_t x, int32_t multiplier, int32_t shift)
{
    const int left_shift = shift > 0 ? shift : 0;
    const int right_shift = shift > 0 ? 0 : -shift;
    const int32_t a = (int32_t)((uint32_t)x << left_shift);
    const int32_t high = __builtin_expect(a == INT32_MIN && multiplier == INT32_MIN, 0)
                             ? INT32_MAX
                             : (int32_t)(((int64_t)a * (int64_t)multiplier + (1LL << 30)) >> 31);
    const uint32_t mask = (1u << right_shift) - 1u;
    const int32_t remainder = (int32_t)((uint32_t)high & mask);
    const int32_t threshold = (int32_t)(mask >> 1) + (high < 0);
    return (high >> right_shift) + (remainder > threshold);
}

/* rvfw_requantize for a layer whose build proved two facts (rvfw_conv_params.fast_requant):
 * every shift is a right shift, 1 <= right <= 29, and every channel's |accumulator| < 2^29 (bias
 * and weights bound it). TFLite's two roundings are then one high multiply and four additions. The
 * doubling high multiply is floor((y + 2^30) / 2^31) of the product y = acc m (both of the
 * reference's nudges come to that); the rounding shift of its result s is floor((s + 2^(right-1) -
 * [s < 0]) / 2^right); an integer added inside a floor of a quotient moves out of it, so both are
 * floor((q + 1 + 2^right - 2 [s < 0]) / 2^(right + 1)) with q = floor(y / 2^30), the high word of
 * (4 acc) m. s < 0 exactly when q <= -2, and at q = -1 either sign test gives 0, so q's sign bit
 * serves: one mulh where the 64-bit product took a mul, a mulh and the rounding of its low word. */
static inline int32_t rvfw_requantize_right(int32_t acc, int32_t multiplier, int32_t right)
{
    const int32_t q = (int32_t)(((int64_t)(int32_t)((uint32_t)acc << 2) * (int64_t)multiplier) >> 32);
    return (q + (1 + (1 << right)) + 2 * (q >> 31)) >> (right + 1);
}

/* rvfw_requantize_right that also takes right = 0 (a multiplier of exactly one half, as ADD's
 * larger input has): then TFLite's rounding shift does nothing and the result is the doubling high
 * multiply alone, floor((q + 1) / 2). |acc| < 2^29, 0 <= right <= 29. */
static inline int32_t rvfw_requantize_right0(int32_t acc, int32_t multiplier, int32_t right)
{
    const int32_t q = (int32_t)(((int64_t)(int32_t)((uint32_t)acc << 2) * (int64_t)multiplier) >> 32);
    return right ? (q + (1 + (1 << right)) + 2 * (q >> 31)) >> (right + 1) : (q + 1) >> 1;
}

/* A channel's constants for rvfw_requantize_lane: the build proved rvfw_requantize_right exact
 * for it (fast_requant), and its right shift is at most 21, so the output zero point folds into the
 * rounding constant: floor((v + z 2^(right + 1)) / 2^(right + 1)) is floor(v / 2^(right + 1)) + z,
 * and |q| < 2^30 plus |z| 2^(right + 1) <= 2^29 stays inside int32. One setup per channel serves
 * every pixel of it. */
typedef struct {
    int32_t bias, multiplier, shift1, add;
} rvfw_requant_lane;

static inline int rvfw_requant_lane_init(rvfw_requant_lane *lane, int32_t bias, int32_t multiplier, int32_t shift,
                                         int32_t output_offset)
{
    const int32_t right = -shift;
    if (right < 1 || right > 21)
        return 0;
    lane->bias = bias;
    lane->multiplier = multiplier;
    lane->shift1 = right + 1;
    lane->add = 1 + (1 << right) + (int32_t)((uint32_t)output_offset << (right + 1));
    return 1;
}

/* rvfw_requantize_right(acc) + output zero point from a lane's constants as scalars: `add` the
 * rounding constant with the zero point folded in, shift1 = right + 1. sign_fix 0 leaves out the
 * rounding's sign correction, exact only after a clamp whose lower bound is at or above the zero
 * point (ReLU, ReLU6): the correction only moves values of a negative q, each of which is at most
 * the zero point with or without it (q + 1 + 2^right < 2^(right + 1)), so clamps to the same bound.
 * A constant sign_fix where inlined. (The CORE-V kernels keep the constants as scalars: copied as a
 * struct, its fields were loaded where used, a load-use stall each.) */
static inline __attribute__((always_inline)) int32_t rvfw_requantize_folded(int32_t acc, int32_t multiplier,
                                                                            int32_t add, int32_t shift1,
                                                                            const int sign_fix)
{
    const int32_t q = (int32_t)(((int64_t)(int32_t)((uint32_t)acc << 2) * (int64_t)multiplier) >> 32);
    return (q + add + (sign_fix ? 2 * (q >> 31) : 0)) >> shift1;
}

/* rvfw_requantize_right(acc + bias) + output zero point, for a lane rvfw_requant_lane_init took. */
static inline int32_t rvfw_requantize_lane(const rvfw_requant_lane *lane, int32_t acc)
{
    return rvfw_requantize_folded(acc + lane->bias, lane->multiplier, lane->add, lane->shift1, 1);
}

/* rvfw_requantize_lane without the sign correction: for a clamp from the zero point up. */
static inline int32_t rvfw_requantize_lane_relu(const rvfw_requant_lane *lane, int32_t acc)
{
    return rvfw_requantize_folded(acc + lane->bias, lane->multiplier, lane->add, lane->shift1, 0);
}

/* The int8 output of a kernel that reads rvfw_conv_params.fast_requant: the fast form where the
 * build proved it exact, else the general one. */
#define RVFW_OUTPUT_S8_FAST(fast, acc, multiplier, shift, offset, lo, hi)                                              \
    ((fast) ? (int8_t)rvfw_clamp(rvfw_requantize_right((acc), (multiplier), -(shift)) + (offset), (lo), (hi))         \
            : rvfw_requantize_s8((acc), (multiplier), (shift), (offset), (lo), (hi)))

/* TFLite's MultiplyByQuantizedMultiplier for a 64-bit accumulator (its 16x8 kernels): the
 * multiplier rounded to 16 bits, one rounding shift. */
static inline int32_t rvfw_requantize64(int64_t x, int32_t multiplier, int32_t shift)
{
    const int32_t reduced = multiplier < 0x7FFF0000 ? (multiplier + (1 << 15)) >> 16 : 0x7FFF;
    const int32_t total_shift = 15 - shift;
    return (int32_t)((x * reduced + ((int64_t)1 << (total_shift - 1))) >> total_shift);
}

/* LiteRT's 16x8 FULLY_CONNECTED (measured: its reference differs from TFLite Micro's on a third of
 * the outputs, and matches this on all): the whole multiplier times the 64-bit sum, rounded once.
 * The product wraps in 64 bits where LiteRT's would (sums past 2^32 in magnitude). */
static inline int32_t rvfw_requantize64_single(int64_t x, int32_t multiplier, int32_t shift)
{
    const int32_t total_shift = 31 - shift;
    const uint64_t product = (uint64_t)x * (uint64_t)(int64_t)multiplier + ((uint64_t)1 << (total_shift - 1));
    return (int32_t)((int64_t)product >> total_shift);
}

/* A 16x8 accumulator requantised as TFLite Micro does for the bias it has: 64-bit with an int64
 * bias, the int32 arithmetic (wrapping, double rounding) with an int32 bias. */
static inline int32_t rvfw_requantize_16x8(int64_t acc, int32_t acc32, int32_t multiplier, int32_t shift)
{
    return acc32 ? rvfw_requantize((int32_t)(uint32_t)(uint64_t)acc, multiplier, shift)
                 : rvfw_requantize64(acc, multiplier, shift);
}

/* roundf(x) converted to int32 (TFLite's AffineQuantize): with a single-precision FPU one conversion
 * in the RISC-V rounding mode that is exactly half away from zero (fcvt.w.s with rmm, which
 * saturates out of range and on NaN as the conversion of roundf's result does), where the C
 * library's roundf is a call per element. */
static inline int32_t rvfw_round_half_away(float x)
{
#if defined(__riscv_flen) && __riscv_flen >= 32
    int32_t v;
    __asm__("fcvt.w.s %0, %1, rmm" : "=r"(v) : "f"(x));
    return v;
#else
    return (int32_t)__builtin_roundf(x);
#endif
}

static inline int32_t rvfw_clamp(int32_t x, int32_t lo, int32_t hi)
{
    return x < lo ? lo : (x > hi ? hi : x);
}

/* The end of every int8 output: requantise the accumulator, add the output zero point, clamp to
 * the fused activation's range. */
static inline int8_t rvfw_requantize_s8(int32_t acc, int32_t multiplier, int32_t shift, int32_t output_offset,
                                        int32_t activation_min, int32_t activation_max)
{
    return (int8_t)rvfw_clamp(rvfw_requantize(acc, multiplier, shift) + output_offset, activation_min, activation_max);
}

/* LiteRT's MultiplyByQuantizedMultiplier as its reference kernels are built (TFLITE_SINGLE_ROUNDING):
 * the 64-bit product rounded once, half up, at 31 - shift bits (shift -31..30). */
static inline int32_t rvfw_requantize_single(int32_t x, int32_t multiplier, int32_t shift)
{
    const int32_t total_shift = 31 - shift;
    const int64_t round = (int64_t)1 << (total_shift - 1);
    return (int32_t)(((int64_t)x * multiplier + round) >> total_shift);
}

/* The same for a kernel whose parameters `p` carry output_offset and the activation range. */
#define RVFW_OUTPUT_S8(p, acc, multiplier, shift)                                                                     \
    rvfw_requantize_s8((acc), (multiplier), (shift), (p)->output_offset, (p)->output_activation_min,                  \
                       (p)->output_activation_max)

/* LiteRT's single rounding for a kernel whose parameters `p` carry output_offset and the activation
 * range (p->single_rounding: a model only LiteRT runs); RVFW_OUTPUT_S8_ROUNDING picks per output. */
#define RVFW_OUTPUT_S8_SINGLE(p, acc, multiplier, shift)                                                              \
    (int8_t)rvfw_clamp(rvfw_requantize_single((acc), (multiplier), (shift)) + (p)->output_offset,                     \
                       (p)->output_activation_min, (p)->output_activation_max)
#define RVFW_OUTPUT_S8_ROUNDING(p, acc, multiplier, shift)                                                            \
    ((p)->single_rounding ? RVFW_OUTPUT_S8_SINGLE(p, acc, multiplier, shift) : RVFW_OUTPUT_S8(p, acc, multiplier, shift))

#endif
