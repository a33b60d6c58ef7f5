"""rvfw_requantize_right (firmware/include/rvfw_requant.h: one high multiply where the cycle-tuned
kernels' layers allow it) against TFLite's MultiplyByQuantizedMultiplier written out from its
definition (SaturatingRoundingDoublingHighMul, then RoundingDivideByPOT), over the whole range
codegen.ops.conv_common.fast_requant admits: right shifts 1..29 and |acc| < 2^29, its edges and the
ties of both roundings."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

from codegen.ops.conv_common import fast_requant
from tests.conftest import host_build

LIMIT = 1 << 29


def _int32_shim(folder, name: str, code: str, arrays: int):
    """code's `int many(const int32_t *a, ..., int32_t *out, int n)` (`arrays` inputs) built for this
    host: a callable taking the input arrays, returning (its int, out)."""
    source = folder / f"{name}.c"
    source.write_text('#include "rvfw_requant.h"\n' + code)
    fn = ctypes.CDLL(str(host_build(source, folder / f"lib{name}.so", "-shared", "-fPIC"))).many
    pointer = np.ctypeslib.ndpointer(np.int32, flags="C_CONTIGUOUS")
    fn.argtypes, fn.restype = [pointer] * (arrays + 1) + [ctypes.c_int], ctypes.c_int

    def call(*inputs):
        inputs = [np.ascontiguousarray(a, np.int32) for a in inputs]
        out = np.empty_like(inputs[0])
        return fn(*inputs, out, out.size), out

    return call


@pytest.fixture(scope="module")
def requantize_right(tmp_path_factory):
    many = _int32_shim(tmp_path_factory.mktemp("requant"), "requant",
                       "int many(const int32_t *acc, const int32_t *m, const int32_t *right, int32_t *out, int n)\n"
                       "{ for (int i = 0; i < n; ++i)\n"
                       "      out[i] = right[i] ? rvfw_requantize_right(acc[i], m[i], right[i])\n"
                       "                        : rvfw_requantize_right0(acc[i], m[i], 0);\n"
                       "  return 0; }\n", 3)  # fmt: skip
    return lambda acc, m, right: many(acc, m, right)[1]


def tflite(acc: np.ndarray, m: np.ndarray, right: np.ndarray) -> np.ndarray:
    """MultiplyByQuantizedMultiplier(acc, m, -right): the nudged product divided by 2^31 rounding
    toward zero, then the remainder against the threshold (one more where the value is negative)."""
    ab = acc.astype(np.int64) * m.astype(np.int64)
    nudged = ab + np.where(ab >= 0, 1 << 30, 1 - (1 << 30))
    high = np.sign(nudged) * (np.abs(nudged) >> 31)
    mask = (np.int64(1) << right) - 1
    threshold = (mask >> 1) + (high < 0)
    return ((high >> right) + ((high & mask) > threshold)).astype(np.int32)


def test_one_high_multiply_is_tflites_double_rounding(requantize_right):
    rng = np.random.default_rng(60)
    n = 2_000_000
    right = rng.integers(1, 30, n)
    right[::7] = 0  # rvfw_requantize_right0's case: no rounding shift
    bits = rng.integers(1, 30, n)
    acc = rng.integers(-LIMIT + 1, LIMIT, n) >> (29 - bits)
    m = rng.integers(1 << 30, 1 << 31, n)
    m[::5] = rng.integers(-(1 << 31) + 1, 1 << 31, n // 5)  # any sign the formula meets
    # the edges: the largest accumulators, the extreme multipliers, and the ties of both roundings
    acc[:4] = [LIMIT - 1, -LIMIT + 1, 0, -1]
    m[4:8] = [1 << 30, (1 << 31) - 1, 0, 1]
    ties = slice(8, 200_008)
    m[ties] = 1 << 30  # acc m / 2^31 = acc / 2: a half at every odd acc
    acc[ties] = rng.integers(-(1 << 12), 1 << 12, 200_000) << rng.integers(0, 4, 200_000)
    ours, theirs = requantize_right(acc, m, right), tflite(acc, m, right)
    bad = np.flatnonzero(ours != theirs)
    first = bad[:5]
    assert bad.size == 0, f"acc {acc[first]} m {m[first]} right {right[first]}: {ours[first]} vs {theirs[first]}"


def test_fast_requant_admits_only_what_the_formula_covers():
    w = np.full((2, 9), 127, np.int8)  # 128 * 9 * 127 = 146,304 per channel
    assert fast_requant(np.array([-1, -29]), w, np.array([0, 0]))
    assert not fast_requant(np.array([-1, -30]), w, np.array([0, 0]))  # 1 + 2^30 would overflow
    assert not fast_requant(np.array([-1, 0]), w, np.array([0, 0]))  # a left shift (or none)
    edge = LIMIT - 1 - 146_304
    assert fast_requant(np.array([-3, -3]), w, np.array([edge, -edge]))
    assert not fast_requant(np.array([-3, -3]), w, np.array([edge + 1, 0]))  # 4 acc past int32
    assert not fast_requant(np.array([-3, -3]), w, None)


@pytest.fixture(scope="module")
def requantize_lane(tmp_path_factory):
    """(lanes taken, outputs): rvfw_requantize_lane, or with relu=1 its ReLU form clamped to [lo, 127];
    -1 where rvfw_requant_lane_init refuses the shift."""
    return _int32_shim(tmp_path_factory.mktemp("lane"), "lane",
                       "int many(const int32_t *acc, const int32_t *bias, const int32_t *m, const int32_t *shift,\n"
                       "         const int32_t *offset, const int32_t *relu_lo, int32_t *out, int n)\n"
                       "{ int taken = 0;\n"
                       "  for (int i = 0; i < n; ++i) {\n"
                       "      rvfw_requant_lane lane;\n"
                       "      if (!rvfw_requant_lane_init(&lane, bias[i], m[i], shift[i], offset[i]))\n"
                       "          { out[i] = -1; continue; }\n"
                       "      out[i] = relu_lo[i] == INT32_MIN ? rvfw_requantize_lane(&lane, acc[i])\n"
                       "             : rvfw_clamp(rvfw_requantize_lane_relu(&lane, acc[i]), relu_lo[i], 127);\n"
                       "      ++taken; }\n"
                       "  return taken; }\n", 6)  # fmt: skip


def test_lane_folds_the_zero_point_exactly_up_to_right_21(requantize_lane):
    """rvfw_requantize_lane: TFLite's requantisation of acc + bias plus the output zero point, for
    every right shift 1..21 (the fold's int32 bound) and any int8 zero point; 22 and up refused."""
    rng = np.random.default_rng(61)
    n = 1_000_000
    right = rng.integers(1, 30, n)
    total = rng.integers(-LIMIT + 1, LIMIT, n) >> rng.integers(0, 29, n)
    bias = rng.integers(-(1 << 20), 1 << 20, n)
    m = rng.integers(1 << 30, 1 << 31, n)
    offset = rng.integers(-128, 128, n)
    total[:2], bias[:2], offset[:2], right[:2] = [LIMIT - 1, -LIMIT + 1], 0, [127, -128], 21  # the fold's edges
    acc = total - bias  # acc + bias is what the build bounds
    taken, ours = requantize_lane(acc, bias, m, -right, offset, np.full(n, np.iinfo(np.int32).min))
    folded = right <= 21
    assert taken == int(folded.sum()) and np.all(ours[~folded] == -1)
    theirs = tflite(total, m, right) + offset
    bad = np.flatnonzero(folded & (ours != theirs))
    assert bad.size == 0, f"acc+bias {total[bad[:5]]} right {right[bad[:5]]}: {ours[bad[:5]]} vs {theirs[bad[:5]]}"


def test_lane_without_the_sign_correction_is_exact_after_a_relu_clamp(requantize_lane):
    """rvfw_requantize_lane_relu clamped to [lo, 127] with lo at or above the zero point: TFLite's
    requantisation plus the zero point, clamped the same way, on every sign and tie."""
    rng = np.random.default_rng(62)
    n = 1_000_000
    acc = rng.integers(-LIMIT + 1, LIMIT, n) >> rng.integers(0, 29, n)
    acc[: n // 4] = rng.integers(-4096, 4096, n // 4)  # near zero: the ties and q = -1
    m = rng.integers(1 << 30, 1 << 31, n)
    right = rng.integers(1, 22, n)
    offset = rng.integers(-128, 128, n)
    lo = np.minimum(offset + rng.integers(0, 3, n), 127)  # at or just above the zero point
    taken, ours = requantize_lane(acc, np.zeros(n), m, -right, offset, lo)
    theirs = np.clip(tflite(acc, m, right) + offset, lo, 127)
    bad = np.flatnonzero(ours != theirs)
    assert taken == n and bad.size == 0, (
        f"acc {acc[bad[:5]]} right {right[bad[:5]]}: {ours[bad[:5]]} vs {theirs[bad[:5]]}"
    )
