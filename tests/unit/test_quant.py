import math

import pytest

from codegen.quant import (
    activation_range,
    out_size,
    padding_before,
    quantize_multiplier,
    round_half_away,
    softmax_input_scaling,
)


def test_round_half_away_from_zero():
    assert [round_half_away(x) for x in (0.5, 1.5, 2.5, -0.5, -2.5, 2.4)] == [1, 2, 3, -1, -3, 2]


@pytest.mark.parametrize(
    "real, expected",
    [(0.5, (1 << 30, 0)), (1.0, (1 << 30, 1)), (0.25, (1 << 30, -1)), (0.0, (0, 0)), (3.0, (3 << 29, 2))],
)
def test_quantize_multiplier_exact_powers(real, expected):
    assert quantize_multiplier(real) == expected


def test_quantize_multiplier_reconstructs_value():
    for real in (0.0012345, 0.7, 1.9999, 123.456, 1e-7):
        m, s = quantize_multiplier(real)
        assert (1 << 30) <= m < (1 << 31)
        assert math.isclose(m * 2.0 ** (s - 31), real, rel_tol=1e-9)


def test_quantize_multiplier_rounding_carry():
    # A significand that rounds up to 2^31 is renormalised.
    m, s = quantize_multiplier(1.0 - 2.0**-40)
    assert (m, s) == (1 << 30, 1)


def test_tiny_multiplier_flushes_to_zero():
    assert quantize_multiplier(2.0**-40) == (0, 0)


def test_activation_ranges():
    assert activation_range("NONE", 0.1, 3) == (-128, 127)
    assert activation_range("RELU", 0.1, -128) == (-128, 127)
    assert activation_range("RELU", 0.1, 10) == (10, 127)
    assert activation_range("RELU6", 0.05, -128) == (-128, -8)
    assert activation_range("RELU_N1_TO_1", 0.01, 0) == (-100, 100)


def test_padding_and_output_size_match_tflite_rules():
    assert out_size("SAME", 49, 10, 2) == 25
    assert out_size("VALID", 49, 10, 2) == 20
    assert out_size("VALID", 10, 3, 1, dilation=2) == 6
    # SAME with an even total puts half before; an odd extra cell goes after.
    assert padding_before(2, 1, 49, 10, 25) == 4
    assert padding_before(1, 1, 5, 3, 5) == 1
    assert padding_before(2, 1, 96, 3, 48) == 0


def test_softmax_scaling_for_a_typical_input_scale():
    multiplier, left_shift, diff_min = softmax_input_scaling(1.0, 0.1)
    assert (1 << 30) <= multiplier < (1 << 31)
    # The rescaled difference must stay within the Q5.26 radius.
    assert diff_min < 0
    assert -diff_min * (1 << left_shift) <= 31 * (1 << 26) * 1.0001


@pytest.mark.parametrize("scale,zero_point", [(0.0123, -7), (1 / 255, -128), (0.5, 3), (3.7, 100)])
def test_quantize_thresholds_place_every_float_as_the_reference_does(scale, zero_point):
    """The scalar QUANTIZE kernel's table (issue 32): for floats everywhere in its range, and for
    the float just below, at and above every threshold, the count of thresholds at or below the
    key is the reference's roundf(x / scale) + zero point, clamped."""
    import numpy as np

    from codegen.quant import _key_floats, float_key, quantize_s8_reference, quantize_s8_thresholds

    table = quantize_s8_thresholds(scale, zero_point)
    lo, hi, thresholds = table[0], table[1], table[2:]
    assert len(thresholds) == 255 and np.all(np.diff(thresholds) >= 0)
    rng = np.random.default_rng(7)
    near = np.concatenate([thresholds - 1, thresholds, thresholds + 1])
    xs = np.concatenate([rng.normal(0, 300 * scale, 50_000).astype(np.float32), np.float32([0.0, -0.0]),
                         _key_floats(near[(near >= lo) & (near <= hi)])])  # fmt: skip
    keys = float_key(xs.view(np.int32))
    inside = (keys >= lo) & (keys <= hi)
    placed = -128 + np.searchsorted(thresholds, keys[inside], side="right")
    assert np.array_equal(placed, quantize_s8_reference(xs[inside], scale, zero_point))
