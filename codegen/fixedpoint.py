"""gemmlowp's scalar fixed-point arithmetic in Python, as TFLite Micro's integer kernels use it.

Values are Python ints holding int32 (or int16) raw values; every operation wraps or saturates
exactly as the C++ does, so tables built from these functions at build time (codegen.ops.activation)
equal what TFLite Micro computes element by element on the device. A fixed-point value with
`ibits` integer bits represents raw / 2^(31 - ibits).
"""

from __future__ import annotations

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
INT16_MIN, INT16_MAX = -(2**15), 2**15 - 1


def wrap32(x: int) -> int:
    """int32 two's-complement wrap-around (C++ int32 + and - on the raw values)."""
    return (x + 2**31) % 2**32 - 2**31


def trunc_div(a: int, b: int) -> int:
    """C integer division: rounds toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def srdhm(a: int, b: int, bits: int = 32) -> int:
    """SaturatingRoundingDoublingHighMul on int32 (or int16 with bits=16)."""
    lo = -(1 << (bits - 1))
    if a == lo and b == lo:
        return (1 << (bits - 1)) - 1
    ab = a * b
    nudge = (1 << (bits - 2)) if ab >= 0 else 1 - (1 << (bits - 2))
    return trunc_div(ab + nudge, 1 << (bits - 1))


def rounding_divide_by_pot(x: int, exponent: int) -> int:
    """RoundingDivideByPOT: a rounding arithmetic right shift (halves away from zero)."""
    mask = (1 << exponent) - 1
    remainder = x & mask
    threshold = (mask >> 1) + (1 if x < 0 else 0)
    return (x >> exponent) + (1 if remainder > threshold else 0)


def saturating_mul_pot(x: int, exponent: int, bits: int = 32) -> int:
    """SaturatingRoundingMultiplyByPOT<exponent>."""
    if exponent == 0:
        return x
    if exponent < 0:
        return rounding_divide_by_pot(x, -exponent)
    threshold = (1 << (bits - 1 - exponent)) - 1
    if x > threshold:
        return (1 << (bits - 1)) - 1
    if x < -threshold:
        return -(1 << (bits - 1))
    return x << exponent


def multiply_by_quantized_multiplier(x: int, multiplier: int, shift: int) -> int:
    """TFLite's MultiplyByQuantizedMultiplier (double rounding): x * multiplier * 2^(shift - 31)."""
    left = shift if shift > 0 else 0
    right = 0 if shift > 0 else -shift
    return rounding_divide_by_pot(srdhm(wrap32(x * (1 << left)), multiplier), right)


def multiply_by_quantized_multiplier_single(x: int, multiplier: int, shift: int) -> int:
    """LiteRT's MultiplyByQuantizedMultiplier as its reference kernels are built
    (TFLITE_SINGLE_ROUNDING): the 64-bit product rounded once, half up, at 31 - shift bits."""
    total = 31 - shift
    return (x * multiplier + (1 << (total - 1))) >> total


def rescale(x: int, src_ibits: int, dst_ibits: int) -> int:
    return saturating_mul_pot(x, src_ibits - dst_ibits)


def one(ibits: int) -> int:
    return INT32_MAX if ibits == 0 else 1 << (31 - ibits)


def _exp_on_interval_between_negative_one_quarter_and_0_excl(a: int) -> int:
    constant_term = 1895147668  # exp(-1/8) in Q0.31
    constant_1_over_3 = 715827883
    x = wrap32(a + (1 << 28))
    x2 = srdhm(x, x)
    x3 = srdhm(x2, x)
    x4 = srdhm(x2, x2)
    x4_over_4 = saturating_mul_pot(x4, -2)
    poly = saturating_mul_pot(wrap32(srdhm(wrap32(x4_over_4 + x3), constant_1_over_3) + x2), -1)
    return wrap32(constant_term + srdhm(constant_term, wrap32(x + poly)))


_EXP_BARREL = ((-2, 1672461947), (-1, 1302514674), (0, 790015084), (1, 290630308), (2, 39332535), (3, 720401),
               (4, 242))  # fmt: skip


def exp_on_negative_values(a: int, ibits: int) -> int:
    """exp(a) for a <= 0 with `ibits` integer bits; the result in Q0.31."""
    fractional = 31 - ibits
    one_quarter = 1 << (fractional - 2)
    mask = one_quarter - 1
    a_mod_quarter_minus_one_quarter = wrap32((a & mask) - one_quarter)
    result = _exp_on_interval_between_negative_one_quarter_and_0_excl(
        rescale(a_mod_quarter_minus_one_quarter, ibits, 0)
    )
    remainder = wrap32(a_mod_quarter_minus_one_quarter - a)
    for exponent, multiplier in _EXP_BARREL:
        if ibits > exponent and remainder & (1 << (fractional + exponent)):
            result = srdhm(result, multiplier)
    if ibits > 5 and a < -(1 << (36 - ibits)):
        result = 0
    return INT32_MAX if a == 0 else result


def _newton_reciprocal_half(half_denominator: int) -> int:
    """The Newton-Raphson iteration both divisions share: x ~ 1 / half_denominator in Q2.29."""
    x = wrap32(1515870810 + srdhm(half_denominator, -1010580540))  # 48/17 - 32/17 * d
    for _ in range(3):
        half_denominator_times_x = srdhm(half_denominator, x)
        one_minus = wrap32(one(2) - half_denominator_times_x)
        x = wrap32(x + rescale(srdhm(x, one_minus), 2 + 2, 2))
    return x


def _rounding_half_sum(a: int, b: int) -> int:
    total = a + b
    return trunc_div(total + (1 if total >= 0 else -1), 2)


def one_over_one_plus_x_for_x_in_0_1(a: int) -> int:
    x = _newton_reciprocal_half(_rounding_half_sum(a, INT32_MAX))
    return rescale(x, 2 - 1, 0)  # ExactMulByPot<-1> then Rescale<0>


def one_minus_x_over_one_plus_x_for_x_in_0_1(a: int) -> int:
    x = _newton_reciprocal_half(_rounding_half_sum(a, INT32_MAX))
    return rescale(wrap32(x - one(2)), 2, 0)


def logistic(a: int, ibits: int) -> int:
    """1 / (1 + exp(-a)) in Q0.31 for any a with `ibits` integer bits."""
    if a == 0:
        return 1 << 30
    positive = a > 0
    abs_input = a if positive else wrap32(-a)
    result_if_positive = one_over_one_plus_x_for_x_in_0_1(exp_on_negative_values(wrap32(-abs_input), ibits))
    return result_if_positive if positive else wrap32(INT32_MAX - result_if_positive)


def tanh(a: int, ibits: int) -> int:
    """tanh(a) in Q0.31 for any a with `ibits` integer bits."""
    if a == 0:
        return 0
    negative = a < 0
    n = a if negative else wrap32(-a)
    # neg_tanh_on_negative_values: exp of 2n (ExactMulByPot<1>: one more integer bit, same raw).
    t = one_minus_x_over_one_plus_x_for_x_in_0_1(exp_on_negative_values(n, ibits + 1))
    return wrap32(-t) if negative else t


def count_leading_zeros(x: int) -> int:
    """Of x as a uint32."""
    x &= 0xFFFFFFFF
    return 32 - x.bit_length()


def count_leading_sign_bits(x: int) -> int:
    """Redundant sign bits of an int32 (GCC's __builtin_clrsb; 31 for 0)."""
    return count_leading_zeros(x) - 1 if x >= 0 else count_leading_zeros(~x) - 1


def reciprocal(x: int) -> tuple[int, int]:
    """TFLite's GetReciprocal(x, 31): (1/x as a Q0.31 multiplier, bits over unit) for x > 0."""
    headroom_plus_one = count_leading_zeros(x)
    shifted_minus_one = wrap32(((x << headroom_plus_one) & 0xFFFFFFFF) - (1 << 31))
    return one_over_one_plus_x_for_x_in_0_1(shifted_minus_one), 31 - headroom_plus_one


def rounding_divide_by_pot_wide(x: int, exponent: int) -> int:
    """RoundingDivideByPOT as TFLite's build runs it for exponent >= 32 too (its DIV reaches that
    for a dividend of -1): the mask truncated to 32 bits and the shift count taken mod 32, as
    compiled int32 code does on x86 and RISC-V alike."""
    if exponent <= 31:
        return rounding_divide_by_pot(x, exponent)
    mask = wrap32(((1 << exponent) - 1) & 0xFFFFFFFF)
    threshold = (mask >> 1) + (1 if x < 0 else 0)
    return (x >> (exponent & 31)) + (1 if (x & mask) > threshold else 0)


def divide(x: int, y: int, multiplier: int, shift: int) -> int:
    """TFLite's quantised x / y (DivElementwise) before the output offset: y != 0."""
    if y < 0:
        x, y = -x, -y
    inverse, recip_shift = reciprocal(y)
    headroom = count_leading_sign_bits(x)
    unscaled = srdhm(wrap32(x * (1 << headroom)), inverse)
    total_shift = shift - recip_shift - headroom
    return rounding_divide_by_pot_wide(srdhm(unscaled, multiplier), -total_shift)


def inv_sqrt_multiplier_exp(value: int, reverse_shift: int) -> tuple[int, int]:
    """TFLite's GetInvSqrtQuantizedMultiplierExp: 1/sqrt(value) as a Q31 multiplier and a shift
    (times reverse_shift), by five Newton-Raphson steps in gemmlowp's fixed point with 3 integer
    bits. value <= 1 (0 included, which TFLite treats as 1) gives INT32_MAX and 0."""
    if value <= 1:
        return INT32_MAX, 0
    shift = 11
    while value >= (1 << 29):
        value //= 4
        shift += 1
    pairs = (count_leading_zeros(value) - 1) // 2 - 1
    shift -= pairs
    value <<= 2 * pairs
    f3_input = value >> 1  # F3 raw
    half_input = saturating_mul_pot(f3_input, -1)
    half_three = (1 << 28) + (1 << 27)  # 1.5 in F3
    x = 1 << 28  # F3 one
    for _ in range(5):
        x3 = saturating_mul_pot(srdhm(srdhm(x, x), x), 6)  # F9 rescaled to F3
        x = saturating_mul_pot(wrap32(srdhm(half_three, x) - srdhm(half_input, x3)), 3)  # F6 to F3
    x = srdhm(x, 1518500250)  # times sqrt(2) / 2 (F0)
    if shift < 0:
        x = wrap32(x << -shift)
        shift = 0
    return x, shift * reverse_shift
