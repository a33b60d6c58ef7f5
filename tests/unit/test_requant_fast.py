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


@pytest.fixture(scope="module")
def requantize_right(tmp_path_factory):
    out = tmp_path_factory.mktemp("requant")
    source = out / "requant.c"
    source.write_text('#include "rvfw_requant.h"\n'
                      "void many(const int32_t *acc, const int32_t *m, const int32_t *right, int32_t *out, int n)\n"
                      "{ for (int i = 0; i < n; ++i)\n"
                      "      out[i] = right[i] ? rvfw_requantize_right(acc[i], m[i], right[i])\n"
                      "                        : rvfw_requantize_right0(acc[i], m[i], 0); }\n")  # fmt: skip
    fn = ctypes.CDLL(str(host_build(source, out / "librequant.so", "-shared", "-fPIC"))).many
    pointer = np.ctypeslib.ndpointer(np.int32, flags="C_CONTIGUOUS")
    fn.argtypes = [pointer, pointer, pointer, pointer, ctypes.c_int]

    def call(acc, m, right):
        acc, m, right = (np.ascontiguousarray(a, np.int32) for a in (acc, m, right))
        out = np.empty_like(acc)
        fn(acc, m, right, out, acc.size)
        return out

    return call


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
    out = tmp_path_factory.mktemp("lane")
    source = out / "lane.c"
    source.write_text('#include "rvfw_requant.h"\n'
                      "int many(const int32_t *acc, const int32_t *bias, const int32_t *m, const int32_t *shift,\n"
                      "         const int32_t *offset, int32_t *out, int n)\n"
                      "{ int taken = 0;\n"
                      "  for (int i = 0; i < n; ++i) {\n"
                      "      rvfw_requant_lane lane;\n"
                      "      if (!rvfw_requant_lane_init(&lane, bias[i], m[i], shift[i], offset[i]))\n"
                      "          { out[i] = -1; continue; }\n"
                      "      out[i] = rvfw_requantize_lane(&lane, acc[i]); ++taken; }\n"
                      "  return taken; }\n")  # fmt: skip
    fn = ctypes.CDLL(str(host_build(source, out / "liblane.so", "-shared", "-fPIC"))).many
    pointer = np.ctypeslib.ndpointer(np.int32, flags="C_CONTIGUOUS")
    fn.argtypes = [pointer] * 6 + [ctypes.c_int]
    fn.restype = ctypes.c_int

    def call(*arrays):
        arrays = [np.ascontiguousarray(a, np.int32) for a in arrays]
        out = np.empty_like(arrays[0])
        return fn(*arrays, out, out.size), out

    return call


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
    taken, ours = requantize_lane(acc, bias, m, -right, offset)
    folded = right <= 21
    assert taken == int(folded.sum()) and np.all(ours[~folded] == -1)
    theirs = tflite(total, m, right) + offset
    bad = np.flatnonzero(folded & (ours != theirs))
    assert bad.size == 0, f"acc+bias {total[bad[:5]]} right {right[bad[:5]]}: {ours[bad[:5]]} vs {theirs[bad[:5]]}"


def test_lane_without_the_sign_correction_is_exact_after_a_relu_clamp(requantize_lane, tmp_path):
    """rvfw_requantize_lane_relu: clamped to [lo, hi] with lo at or above the zero point, equal to
    rvfw_requantize_lane clamped the same way, on every sign and tie."""
    source = tmp_path / "relu.c"
    source.write_text('#include "rvfw_requant.h"\n'
                      "int many(const int32_t *acc, const int32_t *m, const int32_t *shift, const int32_t *offset,\n"
                      "         const int32_t *lo, int32_t *out, int n)\n"
                      "{ int bad = 0;\n"
                      "  for (int i = 0; i < n; ++i) {\n"
                      "      rvfw_requant_lane lane;\n"
                      "      if (!rvfw_requant_lane_init(&lane, 0, m[i], shift[i], offset[i])) continue;\n"
                      "      int32_t a = rvfw_clamp(rvfw_requantize_lane(&lane, acc[i]), lo[i], 127);\n"
                      "      int32_t b = rvfw_clamp(rvfw_requantize_lane_relu(&lane, acc[i]), lo[i], 127);\n"
                      "      out[i] = a; bad += a != b; }\n"
                      "  return bad; }\n")  # fmt: skip
    fn = ctypes.CDLL(str(host_build(source, tmp_path / "librelu.so", "-shared", "-fPIC"))).many
    pointer = np.ctypeslib.ndpointer(np.int32, flags="C_CONTIGUOUS")
    fn.argtypes = [pointer] * 6 + [ctypes.c_int]
    rng = np.random.default_rng(62)
    n = 1_000_000
    acc = rng.integers(-LIMIT + 1, LIMIT, n) >> rng.integers(0, 29, n)
    acc[: n // 4] = rng.integers(-4096, 4096, n // 4)  # near zero: the ties and q = -1
    m = rng.integers(1 << 30, 1 << 31, n)
    right = rng.integers(1, 22, n)
    offset = rng.integers(-128, 128, n)
    lo = np.minimum(offset + rng.integers(0, 3, n), 127)  # at or just above the zero point
    arrays = [np.ascontiguousarray(a, np.int32) for a in (acc, m, -right, offset, lo)]
    out = np.empty(n, np.int32)
    assert fn(*arrays, out, n) == 0
