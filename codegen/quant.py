"""Build-time quantisation arithmetic, bit-compatible with TFLite Micro's Prepare().

Everything here runs once in Python; the firmware only sees the resulting
integers (multipliers, shifts, offsets, clamps).
"""

from __future__ import annotations

import math

import numpy as np

INT8_MIN, INT8_MAX = -128, 127


def round_half_away(x: float) -> int:
    """std::round: halves go away from zero (Python's round() goes to even)."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


# TFLite Micro applies a shift > 0 as `x * (1 << shift)` on an int32: past 31 bits that is undefined
# behaviour in C, so a model needing it has no defined golden (and TFLite Micro refuses an infinite
# one at allocation). Such a multiplier is refused in one line, naming the op (ops.lower_ops).
MAX_SHIFT = 31


class MultiplierError(ValueError):
    """A requantisation multiplier outside what TFLite Micro's integer arithmetic defines."""


def quantize_multiplier(real: float) -> tuple[int, int]:
    """Q31 significand and power-of-two exponent with real ~= significand * 2^(shift - 31)."""
    if not math.isfinite(real) or real < 0:
        raise MultiplierError(f"requantisation multiplier {real:g} (from the scales) is not a finite positive number")
    if real == 0.0:
        return 0, 0
    fraction, shift = math.frexp(real)
    q_fixed = round_half_away(fraction * (1 << 31))
    if q_fixed == (1 << 31):
        q_fixed //= 2
        shift += 1
    if shift < -31:
        return 0, 0
    if shift > MAX_SHIFT:
        raise MultiplierError(f"requantisation multiplier {real:.3g} (from the scales) needs a left shift of {shift} "
                              f"bits; TFLite Micro's int32 arithmetic defines at most {MAX_SHIFT}")  # fmt: skip
    return q_fixed, shift


def conv_output_multipliers(
    input_scale: float, filter_scales: tuple[float, ...], output_scale: float, channels: int
) -> tuple[list[int], list[int]]:
    """Per-output-channel (multiplier, shift); a per-tensor filter scale is repeated per channel."""
    scales = filter_scales if len(filter_scales) > 1 else filter_scales * channels
    multipliers, shifts = [], []
    for filter_scale in scales:
        # Same order of double operations as TFLM: (input * filter) / output.
        m, s = quantize_multiplier(float(input_scale) * float(filter_scale) / float(output_scale))
        multipliers.append(m)
        shifts.append(s)
    return multipliers, shifts


def quantize_value(value: float, scale: float, zero_point: int) -> int:
    """TFLM's quantize-for-clamps: zero_point + round(float(value) / float(scale)) in single precision."""
    return zero_point + round_half_away(float(np.float32(value) / np.float32(scale)))


def activation_range(activation: str, scale: float, zero_point: int, bits: int = 8) -> tuple[int, int]:
    """Output clamps for a fused activation, in the output's integer domain (int8, or int16)."""
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    if activation == "RELU":
        return max(lo, quantize_value(0.0, scale, zero_point)), hi
    if activation == "RELU6":
        return (
            max(lo, quantize_value(0.0, scale, zero_point)),
            min(hi, quantize_value(6.0, scale, zero_point)),
        )
    if activation == "RELU_N1_TO_1":
        return (
            max(lo, quantize_value(-1.0, scale, zero_point)),
            min(hi, quantize_value(1.0, scale, zero_point)),
        )
    if activation == "NONE":
        return lo, hi
    raise ValueError(activation)


def softmax_input_scaling(beta: float, input_scale: float, integer_bits: int = 5) -> tuple[int, int, int]:
    """(input_multiplier, input_left_shift, diff_min) for the int8 softmax."""
    real = min(beta * input_scale * (1 << (31 - integer_bits)), (1 << 31) - 1.0)
    multiplier, left_shift = quantize_multiplier(real)
    max_input_rescaled = 1.0 * ((1 << integer_bits) - 1) * (1 << (31 - integer_bits)) / (1 << left_shift)
    diff_min = -math.floor(max_input_rescaled)
    return multiplier, left_shift, diff_min


def out_size(padding: str, image: int, filter_size: int, stride: int, dilation: int = 1) -> int:
    effective = (filter_size - 1) * dilation + 1
    if padding == "SAME":
        return (image + stride - 1) // stride
    return (image + stride - effective) // stride


def padding_before(stride: int, dilation: int, in_size: int, filter_size: int, output_size: int) -> int:
    """Padding at the start of a dimension; any odd extra cell goes at the end, as in TFLM."""
    effective = (filter_size - 1) * dilation + 1
    total = max((output_size - 1) * stride + effective - in_size, 0)
    return total // 2


# QUANTIZE float32 -> int8 without float arithmetic on the device: the inputs within this many
# quantisation steps of zero are placed by comparing their bits with build-time thresholds (the
# rest, which all clamp, take the reference's own arithmetic).
QUANTIZE_TABLE_STEPS = 1024


def float_key(bits: np.ndarray) -> np.ndarray:
    """float32 bit patterns (as int32) -> int32 keys in the floats' order (-0 just below +0)."""
    bits = np.asarray(bits, dtype=np.int64)
    return np.where(bits < 0, bits ^ 0x7FFFFFFF, bits)


def _key_floats(keys: np.ndarray) -> np.ndarray:
    keys = np.asarray(keys, dtype=np.int64)
    bits = np.where(keys < 0, keys ^ 0x7FFFFFFF, keys)
    return bits.astype(np.int32).view(np.float32)


def quantize_s8_reference(x: np.ndarray, scale: float, zero_point: int) -> np.ndarray:
    """TFLite Micro's QUANTIZE to int8 of float32 values: roundf(x / scale) + zero point, the
    quotient in single precision, rounded half away from zero, clamped (finite |x / scale| < 2^31)."""
    v = np.asarray(x, dtype=np.float32) / np.float32(scale)
    r = np.copysign(np.floor(np.abs(v.astype(np.float64)) + 0.5), v)
    return np.clip(r + zero_point, INT8_MIN, INT8_MAX).astype(np.int64)


def quantize_s8_thresholds(scale: float, zero_point: int) -> np.ndarray:
    """[lo, hi, T(-127), ..., T(127)]: the keys (float_key) of the floats within
    QUANTIZE_TABLE_STEPS steps of zero, and for each int8 output o the smallest key in [lo, hi]
    whose output is at least o (hi + 1 where none is). Outputs are monotonic in the input, so an
    input's output is -128 plus the number of thresholds at or below its key."""
    bound = np.float32(QUANTIZE_TABLE_STEPS) * np.float32(scale)
    lo, hi = (int(float_key(np.array([b], np.float32).view(np.int32))[0]) for b in (-bound, bound))
    targets = np.arange(INT8_MIN + 1, INT8_MAX + 1)
    first = np.full(targets.shape, lo, dtype=np.int64)  # the answer lies in [first, last]
    last = np.full(targets.shape, hi + 1, dtype=np.int64)
    while np.any(first < last):
        mid = (first + last) // 2
        reached = quantize_s8_reference(_key_floats(mid), scale, zero_point) >= targets
        last = np.where(reached & (first < last), mid, last)
        first = np.where(~reached & (first < last), mid + 1, first)
    return np.concatenate([[lo, hi], first]).astype(np.int64)
