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


def quantize_multiplier(real: float) -> tuple[int, int]:
    """Q31 significand and power-of-two exponent with real ~= significand * 2^(shift - 31)."""
    if real == 0.0:
        return 0, 0
    fraction, shift = math.frexp(real)
    q_fixed = round_half_away(fraction * (1 << 31))
    if q_fixed == (1 << 31):
        q_fixed //= 2
        shift += 1
    if shift < -31:
        return 0, 0
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
