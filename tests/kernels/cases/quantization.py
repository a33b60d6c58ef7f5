"""Cases of QUANTIZE, DEQUANTIZE and the requantisations between dtypes."""

from __future__ import annotations

import numpy as np

from codegen.modelgen import ModelBuilder
from tests.kernels.cases.common import FAST, RVV, S16_FAST, Case


def quantize_float(dtype=np.int8) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", (3, 11), np.float32)
    q = {"scale": 0.0123, "zero_point": -7} if dtype is np.int8 else {"scale": 0.0000457, "zero_point": 0}
    y = m.tensor("y", (3, 11), dtype, **q)
    m.op("QUANTIZE", [x], [y])
    return m.finish([x], [y])


def float_io_relu() -> bytes:
    """A model with float32 I/O around int8 work, as converters write one by default: QUANTIZE,
    RELU, DEQUANTIZE (what --io int8 leaves out: the QUANTIZE and the DEQUANTIZE)."""
    m = ModelBuilder()
    x = m.tensor("x", (2, 3, 7), np.float32)
    q = m.tensor("x_q", (2, 3, 7), scale=0.02, zero_point=-9)
    r = m.tensor("relu", (2, 3, 7), scale=0.015, zero_point=-128)
    y = m.tensor("y", (2, 3, 7), np.float32)
    m.op("QUANTIZE", [x], [q])
    m.op("RELU", [q], [r])
    m.op("DEQUANTIZE", [r], [y])
    return m.finish([x], [y])


def requantize() -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", (2, 19), scale=0.05, zero_point=10)
    y = m.tensor("y", (2, 19), scale=0.031, zero_point=-40)
    m.op("QUANTIZE", [x], [y])
    return m.finish([x], [y])


def requantize_between(in_dtype, out_dtype, n=77) -> bytes:
    """QUANTIZE between integer types (the SVDF keyword model's int16 -> int8 input): 77 values,
    not a multiple of any vector length; scales chosen so some values saturate."""
    zero = {np.int8: (7, -40), np.int16: (0, 0), np.int32: (0, 0)}
    m = ModelBuilder()
    x = m.tensor("x", (1, n), in_dtype, scale=0.013 if in_dtype is not np.int8 else 0.05, zero_point=zero[in_dtype][0])
    y = m.tensor("y", (1, n), out_dtype, scale=0.5 if out_dtype is np.int8 else 0.0021, zero_point=zero[out_dtype][1])
    m.op("QUANTIZE", [x], [y])
    return m.finish([x], [y])


def dequantized_constant(rng) -> bytes:
    """A DEQUANTIZE of a constant int8 tensor (an SSD post-processing's anchors) added to a float
    input: folded at build time as TFLite Micro computes it (issue 46)."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 6), np.float32)
    q = m.tensor("anchors_q", (4, 6), scale=0.0173, zero_point=-9, data=rng.integers(-128, 128, (4, 6)))
    a = m.tensor("anchors", (4, 6), np.float32)
    m.op("DEQUANTIZE", [q], [a])
    y = m.tensor("y", (4, 6), np.float32)
    m.op("ADD", [x, a], [y])
    return m.finish([x], [y])


def dequantize_u8() -> bytes:
    """DEQUANTIZE of a uint8 input (a model converted with uint8 I/O), zero point above 127."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 9), np.uint8, scale=0.0371, zero_point=131)
    y = m.tensor("y", (4, 9), np.float32)
    m.op("DEQUANTIZE", [x], [y])
    return m.finish([x], [y])


def dequantize(dtype=np.int8, scale=None, zero_point=None) -> bytes:
    m = ModelBuilder()
    wide = dtype is not np.int8
    scale = scale if scale is not None else 0.000731 if wide else 0.0371
    zero_point = zero_point if zero_point is not None else 0 if wide else -17
    x = m.tensor("x", (4, 9), dtype, scale=scale, zero_point=zero_point)
    y = m.tensor("y", (4, 9), np.float32)
    m.op("DEQUANTIZE", [x], [y])
    return m.finish([x], [y])


def quantize_s16_halves(scale, gain, offset=0.5) -> bytes:
    """QUANTIZE float32 -> int16 of floor(x gain) + offset: with offset 0.5 and scale 1 every
    quotient is a tie of roundf (the fast scalar kernel's margin sends them to the reference's
    arithmetic); a large gain clamps."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 250), np.float32)
    g = m.tensor("gain", (1,), np.float32, data=np.array([gain]))
    c = m.tensor("offset", (1,), np.float32, data=np.array([offset]))
    t0, t1, t2 = (m.tensor(f"t{k}", (4, 250), np.float32) for k in range(3))
    m.op("MUL", [x, g], [t0])
    m.op("FLOOR", [t0], [t1])
    m.op("ADD", [t1, c], [t2])
    y = m.tensor("y", (4, 250), np.int16, scale=scale, zero_point=0)
    m.op("QUANTIZE", [t2], [y])
    return m.finish([x], [y])


CASES: dict[str, Case] = {
    "dequantize_u8": Case(lambda r: dequantize_u8()),
    "quantize_float": Case(lambda r: quantize_float(), inplace=True, vector=RVV),
    "quantize_float_to_s16": Case(lambda r: quantize_float(np.int16), vector=S16_FAST),
    "quantize_s16_ties": Case(lambda r: quantize_s16_halves(1.0, 300.0), vector=S16_FAST),
    "quantize_s16_ties_clamped": Case(lambda r: quantize_s16_halves(0.5, 40000.0), vector=S16_FAST),
    "quantize_s16_thirds": Case(lambda r: quantize_s16_halves(3.0, 9000.0, 0.25), vector=S16_FAST),
    "quantize_requantize": Case(lambda r: requantize(), inplace=True, vector=FAST),
    "quantize_s16_to_s8": Case(lambda r: requantize_between(np.int16, np.int8), vector=RVV),
    "quantize_s8_to_s16": Case(lambda r: requantize_between(np.int8, np.int16), vector=RVV),
    "quantize_s32_to_s16": Case(lambda r: requantize_between(np.int32, np.int16), vector=RVV),
    "quantize_s16_to_s16": Case(lambda r: requantize_between(np.int16, np.int16), vector=RVV),
    "dequantize": Case(lambda r: dequantize(), vector=RVV),
    "dequantize_s16": Case(lambda r: dequantize(np.int16), vector=S16_FAST),
    # a zero point (int16 in general, not 16x8), products rounding both ways, results near float32's extremes
    "dequantize_s16_offset": Case(lambda r: dequantize(np.int16, 0.7131, 1234), vector=S16_FAST),
    "dequantize_s16_tiny_scale": Case(lambda r: dequantize(np.int16, 1.1e-30, 0), vector=S16_FAST),
    "dequantize_s16_huge_scale": Case(lambda r: dequantize(np.int16, 9.3e29, -5), vector=S16_FAST),
}
