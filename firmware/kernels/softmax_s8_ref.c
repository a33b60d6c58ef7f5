/* SOFTMAX int8 -> int8 (output scale 1/256, zero point -128): scalar reference.
 * Fixed-point exp and reciprocal in the gemmlowp formulation TFLite Micro uses:
 * differences to the row maximum are rescaled to Q5.26, exp() is evaluated in
 * Q0.31, the sum is accumulated in Q12.19. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

#define SCALED_DIFF_INTEGER_BITS 5
#define ACCUMULATION_INTEGER_BITS 12

/* Multiply by 2^exponent with saturation (exponent > 0) or rounding (exponent < 0). */
static int32_t mul_pot(int32_t x, int exponent)
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

/* exp(a) for a in [-1/4, 0), Q0.31: Taylor series around -1/8. */
static int32_t exp_on_quarter_interval(int32_t a)
{
    const int32_t constant_term = 1895147668; /* exp(-1/8) */
    const int32_t constant_1_over_3 = 715827883;
    const int32_t x = a + (1 << 28);
    const int32_t x2 = rvfw_srdhm(x, x);
    const int32_t x3 = rvfw_srdhm(x2, x);
    const int32_t x4 = rvfw_srdhm(x2, x2);
    const int32_t x4_over_4 = mul_pot(x4, -2);
    const int32_t poly = mul_pot(rvfw_srdhm(x4_over_4 + x3, constant_1_over_3) + x2, -1);
    return constant_term + rvfw_srdhm(constant_term, x + poly);
}

/* exp(a) for a <= 0 given in Q5.26; result in Q0.31. */
static int32_t exp_on_negative_values(int32_t a)
{
    /* exp(-2^k) in Q0.31 for k = -2 .. 4, applied for each set bit of the integral part. */
    static const int32_t exp_of_minus_pot[7] = {1672461947, 1302514674, 790015084, 290630308,
                                                39332535,   720401,     242};
    const int32_t one_quarter = 1 << 24;
    const int32_t a_mod_quarter_minus_one_quarter = (a & (one_quarter - 1)) - one_quarter;
    int32_t result = exp_on_quarter_interval(mul_pot(a_mod_quarter_minus_one_quarter, SCALED_DIFF_INTEGER_BITS));
    const int32_t remainder = a_mod_quarter_minus_one_quarter - a;
    for (int k = 0; k < 7; ++k) {
        if (remainder & (1 << (24 + k)))
            result = rvfw_srdhm(result, exp_of_minus_pot[k]);
    }
    return a == 0 ? INT32_MAX : result;
}

/* 1 / (1 + a) for a in [0, 1) in Q0.31, by three Newton-Raphson steps in Q2.29. */
static int32_t one_over_one_plus_x(int32_t a)
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
        x = x + mul_pot(rvfw_srdhm(x, one_minus), 2);
    }
    return mul_pot(x, 1);
}

static int32_t count_leading_zeros(uint32_t x)
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

void rvfw_softmax_s8_ref(const rvfw_softmax_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t row = 0; row < p->outer_size; ++row) {
        const int8_t *in = input + row * p->depth;
        int8_t *out = output + row * p->depth;
        int32_t max_in_row = INT8_MIN;
        for (int32_t c = 0; c < p->depth; ++c)
            max_in_row = in[c] > max_in_row ? in[c] : max_in_row;

        int32_t sum_of_exps = 0; /* Q12.19 */
        for (int32_t c = 0; c < p->depth; ++c) {
            const int32_t diff = in[c] - max_in_row;
            if (diff >= p->diff_min) {
                const int32_t scaled = rvfw_srdhm((int32_t)((uint32_t)diff << p->input_left_shift), p->input_multiplier);
                sum_of_exps += mul_pot(exp_on_negative_values(scaled), -ACCUMULATION_INTEGER_BITS);
            }
        }

        const int32_t headroom_plus_one = count_leading_zeros((uint32_t)sum_of_exps);
        const int32_t num_bits_over_unit = ACCUMULATION_INTEGER_BITS - headroom_plus_one;
        const int32_t shifted_sum_minus_one =
            (int32_t)(((uint32_t)sum_of_exps << headroom_plus_one) - ((uint32_t)1 << 31));
        const int32_t shifted_scale = one_over_one_plus_x(shifted_sum_minus_one);

        for (int32_t c = 0; c < p->depth; ++c) {
            const int32_t diff = in[c] - max_in_row;
            if (diff >= p->diff_min) {
                const int32_t scaled = rvfw_srdhm((int32_t)((uint32_t)diff << p->input_left_shift), p->input_multiplier);
                const int32_t exp_in_0 = exp_on_negative_values(scaled);
                const int32_t unsat = rvfw_rounding_divide_by_pot(rvfw_srdhm(shifted_scale, exp_in_0),
                                                                  num_bits_over_unit + 31 - 8);
                out[c] = (int8_t)rvfw_clamp(unsat + INT8_MIN, INT8_MIN, INT8_MAX);
            } else {
                out[c] = INT8_MIN;
            }
        }
    }
}
