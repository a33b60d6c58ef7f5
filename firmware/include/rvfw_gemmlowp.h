/* SPDX-License-Identifier: Apache-2.0 */
/* The gemmlowp fixed-point pieces TFLite Micro's integer kernels compute with at run time
 * (codegen/fixedpoint.py is the same arithmetic at build time): saturating/rounding power-of-two
 * multiplies, exp on negative values, 1 / (1 + x), and the inverse square root of L2
 * normalisation. A value with n integer bits is raw / 2^(31 - n). */
#ifndef RVFW_GEMMLOWP_H
#define RVFW_GEMMLOWP_H

#include <stdint.h>

#include "rvfw_requant.h"

/* Multiply by 2^exponent with saturation (exponent > 0) or rounding (exponent < 0). */
static inline int32_t rvfw_mul_pot(int32_t x, int exponent)
{
    if (exponent < 0)
        return rvfw_rounding_divide_by_pot(x, -exponent);
    const int32_t threshold = INT32_MAX >> exponent;
    if (x > threshold)
        return INT32_MAX;
    if (x < -threshold)
        return INT32_MIN;
    return (int32_t)((uint32_t)x << exponent);
}

static inline int32_t rvfw_count_leading_zeros(uint32_t x)
{
    int32_t n = 0;
    if (x == 0)
        return 32;
    while (!(x & 0x80000000u)) {
        x <<= 1;
        ++n;
    }
    return n;
}

/* The constants of gemmlowp's exp, shared with the vector SOFTMAX kernels: exp(-1/8) and 1/3 in
 * Q0.31, and exp(-2^k) in Q0.31 for k = -2 .. 4 (applied for each set bit of the integral part). */
#define RVFW_EXP_MINUS_EIGHTH_Q31 1895147668
#define RVFW_ONE_THIRD_Q31 715827883
#define RVFW_EXP_OF_MINUS_POT {1672461947, 1302514674, 790015084, 290630308, 39332535, 720401, 242}

/* exp(a) for a in [-1/4, 0), Q0.31: Taylor series around -1/8. */
static inline int32_t rvfw_exp_on_quarter_interval(int32_t a)
{
    const int32_t constant_term = RVFW_EXP_MINUS_EIGHTH_Q31;
    const int32_t constant_1_over_3 = RVFW_ONE_THIRD_Q31;
    const int32_t x = a + (1 << 28);
    const int32_t x2 = rvfw_srdhm(x, x);
    const int32_t x3 = rvfw_srdhm(x2, x);
    const int32_t x4 = rvfw_srdhm(x2, x2);
    const int32_t x4_over_4 = rvfw_mul_pot(x4, -2);
    const int32_t poly = rvfw_mul_pot(rvfw_srdhm(x4_over_4 + x3, constant_1_over_3) + x2, -1);
    return constant_term + rvfw_srdhm(constant_term, x + poly);
}

/* exp(a) for a <= 0 with `integer_bits` (at most 5) integer bits; result in Q0.31. */
static inline int32_t rvfw_exp_on_negative_values(int32_t a, int integer_bits)
{
    static const int32_t exp_of_minus_pot[7] = RVFW_EXP_OF_MINUS_POT;
    const int fractional_bits = 31 - integer_bits;
    const int32_t one_quarter = 1 << (fractional_bits - 2);
    const int32_t a_mod_quarter_minus_one_quarter = (a & (one_quarter - 1)) - one_quarter;
    int32_t result = rvfw_exp_on_quarter_interval(rvfw_mul_pot(a_mod_quarter_minus_one_quarter, integer_bits));
    const int32_t remainder = a_mod_quarter_minus_one_quarter - a;
    for (int k = 0; k < 7 && k - 2 < integer_bits; ++k) {
        if (remainder & (1 << (fractional_bits - 2 + k)))
            result = rvfw_srdhm(result, exp_of_minus_pot[k]);
    }
    return a == 0 ? INT32_MAX : result;
}

/* 1 / (1 + a) for a in [0, 1) in Q0.31, by three Newton-Raphson steps in Q2.29. */
static inline int32_t rvfw_one_over_one_plus_x(int32_t a)
{
    const int64_t sum = (int64_t)a + INT32_MAX;
    const int32_t half_denominator = (int32_t)((sum + (sum >= 0 ? 1 : -1)) / 2);
    const int32_t constant_48_over_17 = 1515870810;
    const int32_t constant_neg_32_over_17 = -1010580540;
    const int32_t one_q2 = 1 << 29;
    int32_t x = constant_48_over_17 + rvfw_srdhm(half_denominator, constant_neg_32_over_17);
    for (int i = 0; i < 3; ++i) {
        const int32_t half_denominator_times_x = rvfw_srdhm(half_denominator, x);
        const int32_t one_minus = one_q2 - half_denominator_times_x;
        x = x + rvfw_mul_pot(rvfw_srdhm(x, one_minus), 2);
    }
    return rvfw_mul_pot(x, 1);
}

static inline int32_t rvfw_saturate32(int64_t x)
{
    return x > INT32_MAX ? INT32_MAX : x < INT32_MIN ? INT32_MIN : (int32_t)x;
}

/* log(x) for x >= 1 given with 12 integer bits; the result with 5 integer bits (TFLite's
 * log_x_for_x_greater_than_or_equal_to_1<5, 12>: a Pade-style approximation around
 * sqrt(sqrt(1/2)), accumulated with one spare integer bit). */
static inline int32_t rvfw_log_q12_to_q5(int32_t x)
{
    enum { INPUT_BITS = 12, ACCUM_BITS = 6 };
    const int32_t log_2 = 1488522236, sqrt_sqrt_half = 1805811301, sqrt_half = 1518500250;
    const int32_t alpha_n = 117049297, alpha_d = 127690142, alpha_i = 1057819769, alpha_f = 638450708;
    const int32_t shifted_quarter = rvfw_mul_pot(536870912, -ACCUM_BITS);
    const int32_t z_a_headroom_plus_1 = rvfw_count_leading_zeros((uint32_t)x);
    const int32_t r_a_raw = rvfw_mul_pot(rvfw_srdhm(rvfw_mul_pot(x, z_a_headroom_plus_1 - 1), sqrt_half), 1);
    const int32_t z_a_pow_2_adj = rvfw_saturate32(
        (int64_t)rvfw_mul_pot(INPUT_BITS - z_a_headroom_plus_1, 31 - ACCUM_BITS) + shifted_quarter);
    const int32_t z_b = rvfw_srdhm(x, sqrt_half);
    const int32_t z_b_headroom = rvfw_count_leading_zeros((uint32_t)z_b) - 1;
    const int32_t r_b_raw = rvfw_mul_pot(x, z_b_headroom);
    const int32_t z_b_pow_2_adj =
        rvfw_saturate32((int64_t)rvfw_mul_pot(INPUT_BITS - z_b_headroom, 31 - ACCUM_BITS) - shifted_quarter);
    const int32_t r = r_a_raw < r_b_raw ? r_a_raw : r_b_raw;
    const int32_t z_pow_2_adj = z_a_pow_2_adj > z_b_pow_2_adj ? z_a_pow_2_adj : z_b_pow_2_adj;
    const int64_t half_sum = (int64_t)r + sqrt_sqrt_half;
    const int32_t p = (int32_t)((half_sum + (half_sum >= 0 ? 1 : -1)) / 2);
    int32_t q = (int32_t)((uint32_t)r - (uint32_t)sqrt_sqrt_half);
    q = (int32_t)((uint32_t)q + (uint32_t)q);
    const int32_t common_sq = rvfw_srdhm(q, q);
    const int32_t num = (int32_t)((uint32_t)rvfw_srdhm(q, r) + (uint32_t)rvfw_srdhm(rvfw_srdhm(q, common_sq), alpha_n));
    const int32_t inner = (int32_t)((uint32_t)alpha_i + (uint32_t)q + (uint32_t)rvfw_srdhm(alpha_d, common_sq));
    const int32_t denom_minus_one = (int32_t)((uint32_t)rvfw_srdhm(p, inner) + (uint32_t)rvfw_srdhm(alpha_f, q));
    const int32_t recip_denom = rvfw_one_over_one_plus_x(denom_minus_one);
    const int32_t num_scaled = rvfw_mul_pot(num, -ACCUM_BITS);
    const int32_t sum =
        (int32_t)((uint32_t)rvfw_srdhm(z_pow_2_adj, log_2) + (uint32_t)rvfw_srdhm(num_scaled, recip_denom));
    return rvfw_mul_pot(sum, ACCUM_BITS - 5);
}

/* What SOFTMAX and LOG_SOFTMAX do first on a row: its largest value, and the sum in Q12.19 of
 * exp(x - max) over the values within diff_min of it (differences rescaled to Q5.26). */
static inline int32_t rvfw_row_max_s8(const int8_t *x, int32_t n)
{
    int32_t best = INT8_MIN;
    for (int32_t c = 0; c < n; ++c)
        best = x[c] > best ? x[c] : best;
    return best;
}

/* SOFTMAX's scale for a row whose Q12.19 sum of exps is sum_of_exps: 1 / sum in Q0.31 (normalised,
 * so it keeps its precision), and in *out_shift the rounding right shift that takes scale * exp
 * to the int8 output's 1/256 steps. */
static inline int32_t rvfw_softmax_reciprocal(int32_t sum_of_exps, int32_t *out_shift)
{
    const int32_t headroom_plus_one = rvfw_count_leading_zeros((uint32_t)sum_of_exps);
    *out_shift = 12 - headroom_plus_one + 31 - 8; /* num_bits_over_unit + 31 - 8 */
    return rvfw_one_over_one_plus_x((int32_t)(((uint32_t)sum_of_exps << headroom_plus_one) - ((uint32_t)1 << 31)));
}

/* SOFTMAX's exp(diff * beta * input scale) in Q0.31 for a difference to the row's maximum: the
 * difference rescaled to Q5.26 (left_shift >= 0: TFLite makes the multiplier with
 * QuantizeMultiplierGreaterThanOne). Never inlined: both passes over a row call it, and each
 * inlined copy of the exp's constant ladder cost ~450 bytes of flash (a call per element is
 * nothing beside the exp). */
static __attribute__((noinline, unused)) int32_t rvfw_softmax_exp(int32_t diff, int32_t multiplier, int32_t left_shift)
{
    return rvfw_exp_on_negative_values(rvfw_srdhm((int32_t)((uint32_t)diff << left_shift), multiplier), 5);
}

/* One int16 softmax output from the row's reciprocal (shifted_scale, out_shift) and the element's
 * exp: rounded to 16 bits, offset by -32768 (TFLite Micro's Softmax<int8_t, int16_t>). */
static inline int16_t rvfw_softmax_s16_output(int32_t shifted_scale, int32_t exp_in_0, int32_t out_shift)
{
    const int32_t unsat = rvfw_rounding_divide_by_pot(rvfw_srdhm(shifted_scale, exp_in_0), out_shift);
    return (int16_t)rvfw_clamp(unsat + INT16_MIN, INT16_MIN, INT16_MAX);
}

static inline int32_t rvfw_sum_of_exps_q12(const int8_t *x, int32_t n, int32_t max_in_row, int32_t diff_min,
                                           int32_t multiplier, int32_t left_shift)
{
    int32_t sum = 0;
    for (int32_t c = 0; c < n; ++c) {
        const int32_t diff = x[c] - max_in_row;
        if (diff >= diff_min)
            sum += rvfw_mul_pot(rvfw_softmax_exp(diff, multiplier, left_shift), -12);
    }
    return sum;
}

/* The same sum with each exp read from the fast scalar kernels' build-time table (exp_of[diff],
 * diff = x - max in [-255, 0]: codegen.ops.softmax.softmax_exps). */
static inline int32_t rvfw_sum_of_table_exps_q12(const int8_t *x, int32_t n, int32_t max_in_row, int32_t diff_min,
                                                 const int32_t *exp_of)
{
    int32_t sum = 0;
    for (int32_t c = 0; c < n; ++c) {
        const int32_t diff = x[c] - max_in_row;
        if (diff >= diff_min)
            sum += rvfw_mul_pot(exp_of[diff], -12);
    }
    return sum;
}

/* 1 / sqrt(input) as a multiplier and a left shift (TFLite's GetInvSqrtQuantizedMultiplierExp
 * with reverse_shift -1): Newton-Raphson in Q3.28 after normalising input into [2^27, 2^29). */
static inline void rvfw_inv_sqrt_multiplier(int32_t input, int32_t *multiplier, int32_t *shift)
{
    if (input <= 1) {
        *multiplier = INT32_MAX;
        *shift = 0;
        return;
    }
    int32_t right_shift = 11;
    while (input >= (1 << 29)) {
        input /= 4;
        ++right_shift;
    }
    const uint32_t left_shift_bit_pairs = (uint32_t)(rvfw_count_leading_zeros((uint32_t)input) - 1) / 2 - 1;
    right_shift -= (int32_t)left_shift_bit_pairs;
    input <<= 2 * left_shift_bit_pairs;
    const int32_t half_input = rvfw_mul_pot(input >> 1, -1);
    const int32_t half_three = (1 << 28) + (1 << 27);
    int32_t x = 1 << 28; /* 1.0 in Q3.28 */
    for (int i = 0; i < 5; ++i) {
        const int32_t x3 = rvfw_mul_pot(rvfw_srdhm(rvfw_srdhm(x, x), x), 6);
        x = rvfw_mul_pot(rvfw_srdhm(half_three, x) - rvfw_srdhm(half_input, x3), 3);
    }
    x = rvfw_srdhm(x, 1518500250); /* times sqrt(2) / 2 */
    if (right_shift < 0) {
        x = (int32_t)((uint32_t)x << -right_shift);
        right_shift = 0;
    }
    *multiplier = x;
    *shift = -right_shift;
}

#endif
