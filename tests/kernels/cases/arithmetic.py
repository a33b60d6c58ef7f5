"""Cases of the two-input elementwise ops: ADD/SUB/MUL/DIV and the other binary ops of every dtype,
comparisons and SELECT_V2."""

from __future__ import annotations

import numpy as np

from codegen.modelgen import ModelBuilder
from codegen.ops.tflm_set import TFLM
from tests.kernels.cases.common import F32_CONV, FAST, RVV, S16_CONV, S16_FAST, VECTOR, Case


def add(activation="NONE") -> bytes:
    m = ModelBuilder()
    a = m.tensor("a", (1, 5, 3, 7), scale=0.04, zero_point=-3)
    b = m.tensor("b", (1, 5, 3, 7), scale=0.11, zero_point=12)
    y = m.tensor("y", (1, 5, 3, 7), scale=0.13, zero_point=-20)
    m.op("ADD", [a, b], [y], activation=activation)
    return m.finish([a, b], [y])


def pool_then_add(activation="NONE") -> bytes:
    """A wide pool, then an ADD of 1,024 elements: the pool's input leaves room the plan gives the
    ADD's fast scalar kernel for its rescaling tables (spare scratch)."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 32, 32, 4), scale=0.05, zero_point=-7)
    pooled = m.tensor("pooled", (1, 16, 16, 4), scale=0.05, zero_point=-7)
    b = m.tensor("b", (1, 16, 16, 4), scale=0.11, zero_point=12)
    y = m.tensor("y", (1, 16, 16, 4), scale=0.09, zero_point=-20)
    m.op("MAX_POOL_2D", [x], [pooled], padding="VALID", stride=(2, 2), filter=(2, 2), activation="NONE")
    m.op("ADD", [pooled, b], [y], activation=activation)
    return m.finish([x, b], [y])


def add_large(activation="NONE") -> bytes:
    """An ADD of 1,540 elements alone: no spare scratch, so the fast scalar kernel reads its
    rescaling tables from flash (add_table_s8_scalar)."""
    m = ModelBuilder()
    a = m.tensor("a", (1, 11, 10, 14), scale=0.07, zero_point=5)
    b = m.tensor("b", (1, 11, 10, 14), scale=0.023, zero_point=-40)
    y = m.tensor("y", (1, 11, 10, 14), scale=0.06, zero_point=-11)
    m.op("ADD", [a, b], [y], activation=activation)
    return m.finish([a, b], [y])


def binary_s32(kind, a_shape, b_shape, divisor=None, activation="NONE", dtype=np.int32) -> bytes:
    """An int32 (unquantised) elementwise op with broadcasting, the audio front end's scaling; a
    DIV's divisor is a constant (TFLite Micro's host build traps on a zero one), -1 among them.
    dtype int64: LiteRT's int64 forms (a fused activation clamps every kind there)."""
    m = ModelBuilder()
    a = m.tensor("a", a_shape, dtype)
    if divisor is None:
        b = m.tensor("b", b_shape, dtype)
    else:
        b = m.tensor("b", b_shape, dtype, data=np.resize(np.array(divisor, dtype), b_shape))
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), dtype)
    m.op(kind, [a, b], [y], **({"activation": activation} if kind in ("ADD", "SUB", "MUL", "DIV") else {}))
    return m.finish([a] if divisor is not None else [a, b], [y])


def add_n(count: int, shape=(3, 17)) -> bytes:
    """ADD_N of float32 inputs, one of them a constant (issue 46)."""
    m = ModelBuilder()
    xs = [m.tensor(f"x{k}", shape, np.float32) for k in range(count - 1)]
    c = m.tensor("c", shape, np.float32, data=np.linspace(-2.0, 2.0, int(np.prod(shape))).reshape(shape))
    y = m.tensor("y", shape, np.float32)
    m.op("ADD_N", [xs[0], c, *xs[1:]], [y])
    return m.finish(xs, [y])


def select_v2_broadcast(dtype=np.int16) -> bytes:
    """SELECT_V2 with a per-row condition, a full x and a scalar y (TFLite Micro's broadcast select)."""
    m = ModelBuilder()
    quant = {"scale": 0.05, "zero_point": 0} if dtype in (np.int8, np.int16) else {}
    cond = m.tensor("cond", (3, 1, 5), np.bool_)
    x = m.tensor("x", (3, 2, 5), dtype, **quant)
    y = m.tensor("y", (1,), dtype, data=np.array([7], dtype), **quant)
    out = m.tensor("out", (3, 2, 5), dtype, **quant)
    m.op("SELECT_V2", [cond, x, y], [out])
    return m.finish([cond, x], [out])


def select_v2(dtype=np.float32, shape=(3, 2, 5)) -> bytes:
    """SELECT_V2 of a bool condition between two tensors of one dtype (issue 46)."""
    m = ModelBuilder()
    quant = {"scale": 0.05, "zero_point": -4} if dtype == np.int8 else {}
    cond = m.tensor("cond", shape, np.bool_)
    x = m.tensor("x", shape, dtype, **quant)
    y = m.tensor("y", shape, dtype, **quant)
    out = m.tensor("out", shape, dtype, **quant)
    m.op("SELECT_V2", [cond, x, y], [out])
    return m.finish([cond, x, y], [out])


def maxmin16(rng, kind, a_shape, b_shape, const=False) -> bytes:
    """int16 MAXIMUM or MINIMUM with broadcasting (16x8: one scale, zero point 0), b a constant
    or an input."""
    m = ModelBuilder()
    a = m.tensor("a", a_shape, np.int16, scale=0.0004, zero_point=0)
    data = rng.integers(-32768, 32768, b_shape).astype(np.int16) if const else None
    b = m.tensor("b", b_shape, np.int16, scale=0.0004, zero_point=0, data=data)
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), np.int16, scale=0.0004, zero_point=0)
    m.op(kind, [a, b], [y])
    return m.finish([a] if const else [a, b], [y])


def prelu16(rng, a_shape, alpha_shape, alpha_zero_point=0) -> bytes:
    """int16 PRELU with an int8 alpha (what TFLite Micro takes for 16x8), alpha a constant over the
    channels; the output scale a little larger than the input's, so both rescalings round."""
    m = ModelBuilder()
    x = m.tensor("x", a_shape, np.int16, scale=0.0004, zero_point=0)
    data = rng.integers(-128, 128, alpha_shape).astype(np.int8)
    alpha = m.tensor("alpha", alpha_shape, np.int8, scale=0.006, zero_point=alpha_zero_point, data=data)
    y = m.tensor("y", a_shape, np.int16, scale=0.00047, zero_point=0)
    m.op("PRELU", [x, alpha], [y])
    return m.finish([x], [y])


def compare(kind, a_shape, b_shape, dtype=np.int32) -> bytes:
    """A comparison of two int32 or float32 tensors with broadcasting into bools."""
    m = ModelBuilder()
    a = m.tensor("a", a_shape, dtype)
    b = m.tensor("b", b_shape, dtype)
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), np.bool_)
    m.op(kind, [a, b], [y])
    return m.finish([a, b], [y])


def binary(rng, kind, a_shape, b_shape, const=None, activation="NONE", out_scale=None) -> bytes:
    """Two int8 operands with broadcasting; const=0 or 1 makes that operand a weight table;
    out_scale: the output's scale instead of the kind's usual one."""
    m = ModelBuilder()
    out_shape = tuple(np.broadcast_shapes(a_shape, b_shape))
    quants = [(0.04, -3), (0.11, 12)] if kind not in ("MAXIMUM", "MINIMUM") else [(0.05, 2), (0.05, 2)]
    operands, graph_inputs = [], []
    for k, (shape, (scale, zp)) in enumerate(zip((a_shape, b_shape), quants)):
        data = rng.integers(-128, 128, shape) if const == k else None
        t = m.tensor(f"in{k}", shape, scale=scale, zero_point=zp, data=data)
        operands.append(t)
        if data is None:
            graph_inputs.append(t)
    y_quant = (
        (0.05, 2) if kind in ("MAXIMUM", "MINIMUM") else ({"MUL": 0.2, "SQUARED_DIFFERENCE": 0.3}.get(kind, 0.13), -20)
    )
    y = m.tensor("y", out_shape, scale=out_scale or y_quant[0], zero_point=y_quant[1])
    extra = {"activation": activation} if kind in ("ADD", "SUB", "MUL") else {}
    m.op(kind, operands, [y], **extra)
    return m.finish(graph_inputs, [y])


def divide(rng, a_shape, b_shape, const_b=False) -> bytes:
    """The divisor's calibrated range [0.5, 2.5] keeps the seeded divisors clear of zero."""
    m = ModelBuilder()
    a = m.tensor("a", a_shape, scale=0.05, zero_point=4)
    data = rng.integers(-78, 123, b_shape) if const_b else None
    b = m.tensor("b", b_shape, scale=0.01, zero_point=-128, data=data, calibrated=(0.5, 2.5))
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), scale=0.1, zero_point=-3)
    m.op("DIV", [a, b], [y])
    return m.finish([a] if const_b else [a, b], [y])


def divide16(rng, low: float, high: float) -> bytes:
    """int16 DIV (LiteRT's; TFLite Micro has none), zero points 0, the divisor calibrated to
    [low, high] clear of zero, broadcast along the first axis; a RELU6 clamp in int16."""
    m = ModelBuilder()
    a = m.tensor("a", (3, 4, 9), np.int16, scale=0.0004, zero_point=0)
    b = m.tensor("b", (1, 4, 9), np.int16, scale=0.0001, zero_point=0, calibrated=(low, high))
    y = m.tensor("y", (3, 4, 9), np.int16, scale=0.0003, zero_point=0)
    m.op("DIV", [a, b], [y], activation="RELU6" if low > 0 else "NONE")
    return m.finish([a, b], [y])


def power_s32(rng) -> bytes:
    """LiteRT's int32 POW: seeded bases to constant exponents 0..40 (powers that fit, and ones past
    int32: INT32_MIN, as LiteRT's x86 build converts them), broadcast over rows."""
    m = ModelBuilder()
    x = m.tensor("x", (3, 41), np.int32)
    e = m.tensor("e", (1, 41), np.int32, data=np.arange(41, dtype=np.int32).reshape(1, 41))
    y = m.tensor("y", (3, 41), np.int32)
    m.op("POW", [x, e], [y])
    return m.finish([x], [y])


def power_f32() -> bytes:
    """LiteRT's float32 POW (glibc's powf): seeded bases in [-8, 8] to 59 constant exponents, integers
    of both parities (negative bases keep or flip their sign), fractions (a negative base gives the
    x86 default NaN), 0, 1 and powers past float's range both ways (infinities, subnormals, zeros)."""
    exponents = np.array([*range(-6, 7), 0.5, -0.5, 1.5, 2.25, -1.75, 0.1, 3.3, -2.7, 10, -10, 44.5, -44.5, 60, -60,
                          95, -95, 150, -150, 7.999, 1e-3, -1e-3, 31, 32, -31, -32, 0.333, 2.5, 4.75, -3.25, 12.5,
                          -12.5, 1.0001, 0.9999, 5, -5, 8, 17, -17, 0.7, 1.3, -0.3, 25, -25, 100, -100, 64],
                         np.float32)  # fmt: skip
    m = ModelBuilder()
    x = m.tensor("x", (6, exponents.size), np.float32)
    g = m.tensor("gain", (1,), np.float32, data=np.array([8.0], np.float32))
    t = m.tensor("t", (6, exponents.size), np.float32)
    m.op("MUL", [x, g], [t])
    e = m.tensor("e", (1, exponents.size), np.float32, data=exponents[None, :])
    y = m.tensor("y", (6, exponents.size), np.float32)
    m.op("POW", [t, e], [y])
    return m.finish([x], [y])


def power_s32_small_bases(rng) -> bytes:
    """LiteRT's int32 POW of constant bases -7..7 to computed exponents FLOOR_MOD(x, 40) (never
    negative: LiteRT refuses a negative exponent): exact powers, the ones past int32, 0^0."""
    m = ModelBuilder()
    x = m.tensor("x", (2, 15), np.int32)
    forty = m.tensor("forty", (1,), np.int32, data=np.array([40], np.int32))
    e = m.tensor("e", (2, 15), np.int32)
    m.op("FLOOR_MOD", [x, forty], [e])
    base = m.tensor("base", (1, 15), np.int32, data=np.arange(-7, 8, dtype=np.int32).reshape(1, 15))
    y = m.tensor("y", (2, 15), np.int32)
    m.op("POW", [base, e], [y])
    return m.finish([x], [y])


def bool_logic() -> bytes:
    """bool end to end (issue 46): LOGICAL_AND with broadcasting, LOGICAL_OR, LOGICAL_NOT, EQUAL and
    NOT_EQUAL of bools, a bool CONCATENATION and SLICE; bool graph inputs and outputs."""
    m = ModelBuilder()
    a = m.tensor("a", (2, 3, 4), np.bool_)
    b = m.tensor("b", (2, 1, 4), np.bool_)
    c = m.tensor("c", (2, 3, 4), np.bool_)
    m.op("LOGICAL_AND", [a, b], [c])
    d = m.tensor("d", (2, 3, 4), np.bool_)
    m.op("LOGICAL_OR", [c, b], [d])
    e = m.tensor("e", (2, 3, 4), np.bool_)
    m.op("LOGICAL_NOT", [d], [e])
    f = m.tensor("f", (2, 3, 4), np.bool_)
    m.op("EQUAL", [e, a], [f])
    g = m.tensor("g", (2, 6, 4), np.bool_)
    m.op("CONCATENATION", [f, c], [g], axis=1)
    begin = m.tensor("begin", (3,), np.int32, data=np.array([0, 1, 1], np.int32))
    size = m.tensor("size", (3,), np.int32, data=np.array([2, 4, 2], np.int32))
    h = m.tensor("h", (2, 4, 2), np.bool_)
    m.op("SLICE", [g, begin, size], [h])
    k = m.tensor("k", (2, 4, 2), np.bool_)
    m.op("NOT_EQUAL", [h, h], [k])
    return m.finish([a, b], [h, k, e])


def every_dtype_compare(dtype) -> bytes:
    """The six comparisons TFLite Micro runs in one dtype, with broadcasting, their bool results
    joined into one output (codegen/ops/tflm_set.py)."""
    kind = np.dtype(dtype).name
    q = {"scale": 0.05, "zero_point": -4} if dtype is np.int8 else {}
    m = ModelBuilder()
    a = m.tensor("a", (3, 4), dtype, **q)
    b = m.tensor("b", (1, 4), dtype, **({"scale": 0.07, "zero_point": 5} if dtype is np.int8 else {}))
    results = []
    for name in ("EQUAL", "NOT_EQUAL", "GREATER", "GREATER_EQUAL", "LESS", "LESS_EQUAL"):
        if kind in TFLM[name][1]:
            results.append(m.tensor(name.lower(), (3, 4), np.bool_))
            m.op(name, [a, b], [results[-1]])
    y = m.tensor("y", (3 * len(results), 4), np.bool_)
    m.op("CONCATENATION", results, [y], axis=0)
    return m.finish([a, b], [y])


def add_n_s8(count: int, shape=(3, 17), zero_point=-5) -> bytes:
    """int8 ADD_N of `count` inputs of one quantisation (one of them a constant) into another."""
    m = ModelBuilder()
    q = {"scale": 0.031, "zero_point": zero_point}
    xs = [m.tensor(f"x{k}", shape, **q) for k in range(count - 1)]
    c = m.tensor("c", shape, data=np.arange(int(np.prod(shape))).reshape(shape) % 97 - 50, **q)
    y = m.tensor("y", shape, scale=0.057, zero_point=3)
    m.op("ADD_N", [xs[0], c, *xs[1:]], [y])
    return m.finish(xs, [y])


# The versions LiteRT's converter writes for int16 comparisons (its op_version; GREATER and
# LESS_EQUAL have none of their own)
S16_COMPARE_VERSION = {"EQUAL": 4, "NOT_EQUAL": 4, "LESS": 3, "GREATER_EQUAL": 3}


def greater16(a_shape, b_shape, kind="GREATER", b_scale=0.0007) -> bytes:
    """An int16 comparison (16x8: zero points 0) of two scales with broadcasting: TFLite Micro's
    GREATER is known wrong (all false) and it stops on the others, so the golden is LiteRT's
    reference kernels (the orderings on the raw values, EQUAL and NOT_EQUAL rescaled)."""
    m = ModelBuilder()
    a = m.tensor("a", a_shape, np.int16, scale=0.001, zero_point=0)
    b = m.tensor("b", b_shape, np.int16, scale=b_scale, zero_point=0)
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), np.bool_)
    m.op(kind, [a, b], [y], S16_COMPARE_VERSION.get(kind))
    return m.finish([a, b], [y])


def floor_int(kind: str, dtype, a_shape, b_shape) -> bytes:
    """Integer FLOOR_DIV or FLOOR_MOD (LiteRT's: the raw values) by a constant divisor of both
    signs without zeros (LiteRT stops on division by 0), -1 among them (INT_MIN / -1 wraps)."""
    m = ModelBuilder()
    q = {} if dtype in (np.int32, np.int64) else {"scale": 0.02, "zero_point": 0}
    a = m.tensor("a", a_shape, dtype, **q)
    divisors = np.array([-1, 3, -7, 2, 5, -2, 9, -4, 1, 7, -9, 6], dtype=dtype)
    b = m.tensor("b", b_shape, dtype, data=np.resize(divisors, b_shape), **q)
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), dtype, **q)
    # the converter's versions: FLOOR_DIV 3 and FLOOR_MOD 2 for int8 and int16, 1 for the wider ones
    small = dtype in (np.int8, np.int16)
    m.op(kind, [a, b], [y], (3 if kind == "FLOOR_DIV" else 2) if small else 1)
    return m.finish([a], [y])


def equal16_requantized(kind: str, b_scale: float) -> bytes:
    """int16 EQUAL or NOT_EQUAL of an input and itself requantised to another scale (QUANTIZE int16
    -> int16): LiteRT rescales both sides, so the pairs the requantisation kept exact compare
    equal and the saturated or rounded ones do not."""
    m = ModelBuilder()
    a = m.tensor("a", (4, 64), np.int16, scale=0.001, zero_point=0)
    b = m.tensor("b", (4, 64), np.int16, scale=b_scale, zero_point=0)
    y = m.tensor("y", (4, 64), np.bool_)
    m.op("QUANTIZE", [a], [b], 2)
    m.op(kind, [a, b], [y], S16_COMPARE_VERSION[kind])
    return m.finish([a], [y])


def squared_difference_f32_overflow() -> bytes:
    """float32 SQUARED_DIFFERENCE of the seeded input times 1e20 and a constant: some squares
    overflow to infinity."""
    m = ModelBuilder()
    x = m.tensor("x", (3, 40), np.float32)
    t = m.tensor("t", (3, 40), np.float32)
    m.op("MUL", [x, m.tensor("gain", (1,), np.float32, data=np.array([1e20], np.float32))], [t])
    c = m.tensor("c", (40,), np.float32, data=np.linspace(-3e19, 3e19, 40).astype(np.float32))
    y = m.tensor("y", (3, 40), np.float32)
    m.op("SQUARED_DIFFERENCE", [t, c], [y])
    return m.finish([x], [y])


def float_op(rng, kind, in_shape, out_shape, **options) -> bytes:
    """A float32 (unquantised) single-op model: weights and bias for the weighted ops."""
    m = ModelBuilder()
    x = m.tensor("x", in_shape, np.float32)
    inputs = [x]
    if kind in ("CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED"):
        wshape = options.pop("wshape")
        weight_scale = options.pop("weight_scale", 1.0)  # 1e-38: subnormal weights
        inputs.append(m.tensor("w", wshape, np.float32, data=rng.normal(0, 0.3, wshape) * weight_scale))
        inputs.append(m.tensor("b", (out_shape[-1],), np.float32, data=rng.normal(0, 0.1, out_shape[-1])))
    if kind in (
        "ADD",
        "SUB",
        "MUL",
        "DIV",
        "FLOOR_DIV",
        "FLOOR_MOD",
        "MAXIMUM",
        "MINIMUM",
        "SQUARED_DIFFERENCE",
        "PRELU",
    ):
        b_shape = options.pop("b_shape")
        inputs.append(m.tensor("b", b_shape, np.float32, data=rng.normal(0, 1, b_shape) if options.pop("const", False)
                               else None))  # fmt: skip
    y = m.tensor("y", out_shape, np.float32)
    m.op(kind, inputs, [y], **options)
    return m.finish([t for t in inputs if m.tensors[t].data is None], [y])


def op16x8(
    rng, kind, in_shape, out_shape, wshape=None, activation="NONE", bias_dtype=np.int64, out_scale=1.0, **options
) -> bytes:
    """A 16x8 single-op model: int16 activations (zero point 0), int8 per-channel weights, int64 bias;
    out_scale multiplies the output scale (a large one: a requantising shift past 32 bits)."""
    m = ModelBuilder()
    s_in = 0.0005
    x = m.tensor("x", in_shape, np.int16, scale=s_in, zero_point=0)
    inputs = [x]
    fan = 1
    if wshape is not None:
        axis = 3 if kind == "DEPTHWISE_CONV_2D" else 0
        ws = rng.uniform(0.002, 0.02, wshape[axis]).astype(np.float32)
        inputs.append(m.tensor("w", wshape, scale=ws, data=rng.integers(-127, 128, wshape), axis=axis))
        if bias_dtype is None:  # no bias tensor: TFLite Micro picks the accumulator by the bias it has
            inputs.append(-1)
        else:
            inputs.append(m.tensor("b", (wshape[axis],), bias_dtype, scale=ws * s_in,
                                   data=rng.integers(-200000, 200000, wshape[axis])))  # fmt: skip
        fan = int(np.prod(wshape[1:])) if kind != "DEPTHWISE_CONV_2D" else wshape[1] * wshape[2]
    elif kind in ("ADD", "SUB", "MUL"):
        inputs.append(m.tensor("x2", options.pop("b_shape", in_shape), np.int16, scale=0.0003, zero_point=0))
    scale = float(np.float32(s_in * (0.011 * 73 * np.sqrt(fan) * 10000 / 8000 if wshape is not None else 1.7)))
    if kind == "MUL":
        scale = float(np.float32(s_in * 0.0003 * 8000))
    elif kind in ("AVERAGE_POOL_2D", "MAX_POOL_2D"):
        scale = s_in
    y = m.tensor("y", out_shape, np.int16, scale=float(np.float32(scale * out_scale)), zero_point=0)
    m.op(kind, inputs, [y], activation=activation, **options)
    return m.finish([t for t in inputs if t >= 0 and m.tensors[t].data is None], [y])


def squared_difference16(a_shape, b_shape) -> bytes:
    """int16 SQUARED_DIFFERENCE (16x8: zero points 0) of two scales, with broadcasting, into a scale
    that saturates the largest squares."""
    m = ModelBuilder()
    a = m.tensor("a", a_shape, np.int16, scale=0.0005, zero_point=0)
    b = m.tensor("b", b_shape, np.int16, scale=0.0003, zero_point=0)
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), np.int16, scale=0.006, zero_point=0)
    m.op("SQUARED_DIFFERENCE", [a, b], [y])
    return m.finish([a, b], [y])


CASES: dict[str, Case] = {
    "pow_s32": Case(power_s32),
    "pow_s32_small_bases": Case(power_s32_small_bases),
    "f32_pow_litert": Case(lambda r: power_f32()),
    "div16_positive": Case(lambda r: divide16(r, 0.3, 3.0)),
    "div16_negative": Case(lambda r: divide16(r, -3.0, -0.3)),
    "sub_same_shape_relu": Case(
        lambda r: binary(r, "SUB", (1, 5, 3, 7), (1, 5, 3, 7), activation="RELU"), inplace=True, vector=FAST
    ),
    "sub_broadcast_scalar_const": Case(lambda r: binary(r, "SUB", (2, 9, 5), (1,), const=1), vector=FAST),
    "mul_channel_vector": Case(lambda r: binary(r, "MUL", (1, 6, 5, 11), (1, 1, 1, 11)), inplace=True, vector=FAST),
    "mul_const_scalar_first": Case(lambda r: binary(r, "MUL", (1,), (3, 17), const=0, activation="RELU6"), vector=FAST),
    # sa * sb / so = 2.2: the requantisation shifts left (the multiplier above 1)
    "mul_gain_above_one": Case(lambda r: binary(r, "MUL", (3, 10), (10,), out_scale=0.002), vector=FAST),
    "mul_outer_broadcast": Case(lambda r: binary(r, "MUL", (4, 1, 6), (1, 5, 1)), vector=FAST),
    "add_broadcast_rows": Case(lambda r: binary(r, "ADD", (2, 3, 1, 8), (3, 4, 8)), vector=FAST),
    "add_const_bias_5d": Case(lambda r: binary(r, "ADD", (2, 1, 3, 2, 5), (2, 4, 1, 1, 5), const=1), vector=FAST),
    "maximum_broadcast": Case(lambda r: binary(r, "MAXIMUM", (3, 1, 9), (1, 4, 9))),
    "minimum_const": Case(lambda r: binary(r, "MINIMUM", (5, 13), (13,), const=1)),
    "squared_difference_broadcast": Case(lambda r: binary(r, "SQUARED_DIFFERENCE", (2, 4, 6), (4, 1)), vector=FAST),
    "squared_difference_same_shape_long": Case(
        lambda r: binary(r, "SQUARED_DIFFERENCE", (3, 70), (3, 70)), vector=FAST
    ),
    "prelu_channel_alpha": Case(lambda r: binary(r, "PRELU", (1, 5, 4, 6), (1, 1, 6), const=1)),
    "div_same_shape": Case(lambda r: divide(r, (3, 5, 7), (3, 5, 7))),
    "div_by_const_channels": Case(lambda r: divide(r, (2, 4, 6), (6,), const_b=True)),
    "f32_conv3x3_same_stride2_relu": Case(
        lambda r: float_op(
            r,
            "CONV_2D",
            (1, 9, 8, 3),
            (1, 5, 4, 6),
            wshape=(6, 3, 3, 3),
            padding="SAME",
            stride=(2, 2),
            activation="RELU",
        ),
        vector=F32_CONV,
    ),
    # dilated windows the border cuts (the RVV kernels walk the inside taps as ranges)
    "f32_conv_dilated_same_stride2": Case(
        lambda r: float_op(
            r,
            "CONV_2D",
            (1, 9, 8, 5),
            (1, 5, 4, 6),
            wshape=(6, 3, 3, 5),
            padding="SAME",
            stride=(2, 2),
            dilation=(2, 2),
        ),
        vector=F32_CONV,
    ),  # fmt: skip
    "f32_depthwise_dilated_same": Case(
        lambda r: float_op(
            r, "DEPTHWISE_CONV_2D", (1, 9, 9, 18), (1, 9, 9, 18), wshape=(1, 3, 3, 18), padding="SAME", dilation=(2, 2)
        ),
        vector=F32_CONV,
    ),  # fmt: skip
    "f32_conv1x1_dilated_valid": Case(
        lambda r: float_op(
            r, "CONV_2D", (2, 7, 7, 5), (2, 3, 3, 4), wshape=(4, 3, 3, 5), padding="VALID", dilation=(2, 2)
        ),
        vector=F32_CONV,
    ),
    "f32_depthwise_mult2_relu6": Case(
        lambda r: float_op(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 6, 7, 3),
            (1, 6, 7, 6),
            wshape=(1, 3, 3, 6),
            padding="SAME",
            depth_multiplier=2,
            activation="RELU6",
        ),
        vector=F32_CONV,
    ),
    "f32_add_n": Case(lambda r: add_n(4), vector=("scalar", "rvv")),
    "f32_select_v2": Case(lambda r: select_v2()),
    "select_v2_s8": Case(lambda r: select_v2(np.int8, (4, 7))),
    # TFLite Micro stops on int32 at its first invocation; LiteRT's reference runs it (the golden)
    "s32_select_v2_litert": Case(lambda r: select_v2(np.int32, (4, 7))),
    "s16_select_v2_broadcast": Case(lambda r: select_v2_broadcast(np.int16)),
    "f32_select_v2_broadcast": Case(lambda r: select_v2_broadcast(np.float32)),
    "select_v2_bool_litert": Case(lambda r: select_v2(np.bool_, (4, 7))),
    "bool_logic": Case(lambda r: bool_logic()),
    **{
        f"every_dtype_compare_{np.dtype(d).name}": Case(lambda r, d=d: every_dtype_compare(d))
        for d in (np.int8, np.int32, np.float32)
    },
    "s16_greater_tflm_known_wrong": Case(lambda r: greater16((3, 35), (1, 35))),
    "s16_less_litert": Case(lambda r: greater16((4, 9), (4, 1), "LESS")),
    "s16_less_equal_litert": Case(lambda r: greater16((2, 3, 8), (3, 8), "LESS_EQUAL")),
    "s16_greater_equal_litert": Case(lambda r: greater16((5, 6), (5, 6), "GREATER_EQUAL")),
    "s8_floor_div_litert": Case(lambda r: floor_int("FLOOR_DIV", np.int8, (3, 20), (1, 20))),
    "s8_floor_mod_litert": Case(lambda r: floor_int("FLOOR_MOD", np.int8, (4, 12), (12,))),
    "s16_floor_div_litert": Case(lambda r: floor_int("FLOOR_DIV", np.int16, (2, 3, 12), (3, 1))),
    "s16_floor_mod_litert": Case(lambda r: floor_int("FLOOR_MOD", np.int16, (5, 12), (5, 12))),
    "s32_floor_div_litert": Case(lambda r: floor_int("FLOOR_DIV", np.int32, (6, 12), (12,))),
    "s32_floor_mod_litert": Case(lambda r: floor_int("FLOOR_MOD", np.int32, (2, 24), (2, 1))),
    "s64_floor_mod_litert": Case(lambda r: floor_int("FLOOR_MOD", np.int64, (3, 12), (12,))),
    "s64_add_relu_litert": Case(lambda r: binary_s32("ADD", (3, 17), (17,), activation="RELU", dtype=np.int64)),
    "s64_sub_relu6_litert": Case(lambda r: binary_s32("SUB", (2, 3, 9), (3, 1), activation="RELU6", dtype=np.int64)),
    "s64_mul_relu_n1_litert": Case(
        lambda r: binary_s32("MUL", (4, 10), (4, 10), activation="RELU_N1_TO_1", dtype=np.int64)
    ),
    "s64_maximum_broadcast_litert": Case(lambda r: binary_s32("MAXIMUM", (2, 3, 8), (1, 8), dtype=np.int64)),
    "s64_minimum_litert": Case(lambda r: binary_s32("MINIMUM", (5, 7), (5, 7), dtype=np.int64)),
    "s16_equal_litert": Case(lambda r: greater16((3, 40), (1, 40), "EQUAL", b_scale=0.0005)),
    # an input against itself requantised to another scale: about half the pairs rescale equal
    "s16_equal_requantized_litert": Case(lambda r: equal16_requantized("EQUAL", 0.0005)),
    "s16_not_equal_requantized_litert": Case(lambda r: equal16_requantized("NOT_EQUAL", 0.002)),
    "add_n_s8_three": Case(lambda r: add_n_s8(3)),
    "add_n_s8_five_wide": Case(lambda r: add_n_s8(5, (4, 3, 11), zero_point=60)),
    "f32_div_broadcast_relu": Case(
        lambda r: float_op(r, "DIV", (2, 3, 5), (2, 3, 5), b_shape=(3, 1), activation="RELU"), vector=S16_FAST
    ),
    "f32_maximum_const": Case(lambda r: float_op(r, "MAXIMUM", (3, 7), (3, 7), b_shape=(7,), const=True)),
    "f32_floor_div_broadcast": Case(lambda r: float_op(r, "FLOOR_DIV", (2, 3, 5), (2, 3, 5), b_shape=(3, 1))),
    "f32_floor_div_const": Case(lambda r: float_op(r, "FLOOR_DIV", (4, 9), (4, 9), b_shape=(9,), const=True)),
    "f32_floor_mod_broadcast": Case(lambda r: float_op(r, "FLOOR_MOD", (2, 3, 5), (2, 3, 5), b_shape=(3, 1))),
    "f32_floor_mod_const": Case(lambda r: float_op(r, "FLOOR_MOD", (4, 9), (4, 9), b_shape=(9,), const=True)),
    "f32_minimum": Case(lambda r: float_op(r, "MINIMUM", (2, 4, 4), (2, 4, 4), b_shape=(2, 4, 4))),
    "f32_squared_difference": Case(
        lambda r: float_op(r, "SQUARED_DIFFERENCE", (2, 9), (2, 9), b_shape=(1, 9)), vector=S16_FAST
    ),
    # squares past the float range: infinity, unclamped, as TFLite Micro leaves it
    "f32_squared_difference_overflow": Case(lambda r: squared_difference_f32_overflow(), vector=S16_FAST),
    "f32_prelu_channels": Case(lambda r: float_op(r, "PRELU", (1, 4, 5, 6), (1, 4, 5, 6), b_shape=(6,), const=True)),
    # depth multiplier 1, more channels than the fast scalar kernel's chunk of 64 sums
    "f32_depthwise_wide": Case(
        lambda r: float_op(
            r, "DEPTHWISE_CONV_2D", (1, 5, 4, 70), (1, 3, 2, 70), wshape=(1, 3, 3, 70), padding="SAME", stride=(2, 2)
        ),
        vector=F32_CONV,
    ),
    "f32_fully_connected": Case(
        lambda r: float_op(r, "FULLY_CONNECTED", (2, 37), (2, 11), wshape=(11, 37)), vector=S16_FAST
    ),
    "f32_l2pool_same": Case(
        lambda r: float_op(r, "L2_POOL_2D", (1, 7, 6, 4), (1, 4, 3, 4), padding="SAME", stride=(2, 2), filter=(3, 3))
    ),
    "f32_l2pool_valid_relu": Case(
        lambda r: float_op(
            r,
            "L2_POOL_2D",
            (2, 5, 5, 3),
            (2, 2, 2, 3),
            padding="VALID",
            stride=(2, 2),
            filter=(2, 2),
            activation="RELU6",
        )  # fmt: skip
    ),
    "f32_avgpool_same": Case(
        lambda r: float_op(
            r, "AVERAGE_POOL_2D", (1, 7, 6, 4), (1, 4, 3, 4), padding="SAME", stride=(2, 2), filter=(3, 3)
        ),
        vector=VECTOR,
    ),
    # a global pool (IC's) of 70 channels: more than one vector of lanes, a fused RELU6
    "f32_avgpool_global_relu6": Case(
        lambda r: float_op(
            r,
            "AVERAGE_POOL_2D",
            (1, 8, 8, 70),
            (1, 1, 1, 70),
            padding="VALID",
            stride=(8, 8),
            filter=(8, 8),
            activation="RELU6",
        ),
        vector=VECTOR,
    ),
    "f32_maxpool_valid_relu6": Case(
        lambda r: float_op(
            r,
            "MAX_POOL_2D",
            (1, 8, 9, 3),
            (1, 7, 4, 3),
            padding="VALID",
            stride=(1, 2),
            filter=(2, 3),
            activation="RELU6",
        ),
        vector=S16_FAST,
    ),
    # past the fast scalar kernel's 64 channels at a time
    "f32_maxpool_same_wide": Case(
        lambda r: float_op(
            r, "MAX_POOL_2D", (1, 5, 6, 70), (1, 3, 3, 70), padding="SAME", stride=(2, 2), filter=(3, 3)
        ),
        vector=S16_FAST,
    ),
    "f32_add_broadcast": Case(lambda r: float_op(r, "ADD", (2, 3, 5), (2, 3, 5), b_shape=(3, 1)), vector=S16_FAST),
    "f32_mul_const_relu": Case(
        lambda r: float_op(r, "MUL", (4, 9), (4, 9), b_shape=(9,), const=True, activation="RELU"), vector=S16_FAST
    ),
    "f32_sub": Case(lambda r: float_op(r, "SUB", (3, 8), (3, 8), b_shape=(3, 8)), vector=S16_FAST),
    "f32_relu6": Case(lambda r: float_op(r, "RELU6", (5, 13), (5, 13)), vector=FAST),
    "f32_relu_long": Case(lambda r: float_op(r, "RELU", (3, 211), (3, 211)), vector=FAST),
    "f32_softmax": Case(lambda r: float_op(r, "SOFTMAX", (3, 10), (3, 10), beta=1.0), vector=VECTOR),
    "f32_softmax_beta_wide": Case(lambda r: float_op(r, "SOFTMAX", (2, 100), (2, 100), beta=0.6), vector=VECTOR),
    "s16_conv3x3_same_relu": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 7, 6, 3),
            (1, 7, 6, 5),
            (5, 3, 3, 3),
            activation="RELU",
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
        ),
        vector=S16_CONV,
    ),
    "s16_conv_stride2_int32_bias": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 9, 8, 4),
            (1, 4, 3, 6),
            (6, 3, 3, 4),
            bias_dtype=np.int32,
            padding="VALID",
            stride=(2, 2),
            dilation=(1, 1),
        ),
        vector=S16_CONV,
    ),
    "s16_depthwise_mult2": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 6, 7, 3),
            (1, 6, 7, 6),
            (1, 3, 3, 6),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            depth_multiplier=2,
        ),
        vector=S16_CONV,
    ),
    "s16_depthwise_stride2_relu": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 9, 8, 20),
            (1, 5, 4, 20),
            (1, 3, 3, 20),
            activation="RELU",
            padding="SAME",
            stride=(2, 2),
            dilation=(1, 1),
            depth_multiplier=1,
        ),
        vector=S16_CONV,
    ),
    # windows past the RVV kernels' exact 32-bit runs (511 products), and dilated windows cut by the
    # border (the inside taps walked as a range)
    "s16_conv_long_window": Case(
        lambda r: op16x8(
            r, "CONV_2D", (1, 5, 5, 64), (1, 5, 5, 4), (4, 3, 3, 64), padding="SAME", stride=(1, 1), dilation=(1, 1)
        ),
        vector=S16_CONV,
    ),  # fmt: skip
    "s16_conv_dilated_same_stride2": Case(
        lambda r: op16x8(
            r, "CONV_2D", (1, 9, 8, 5), (1, 5, 4, 6), (6, 3, 3, 5), padding="SAME", stride=(2, 2), dilation=(2, 2)
        ),
        vector=S16_CONV,
    ),  # fmt: skip
    "s16_conv_wide_channels": Case(
        lambda r: op16x8(
            r, "CONV_2D", (1, 6, 5, 8), (1, 6, 5, 40), (40, 3, 3, 8), padding="SAME", stride=(1, 1), dilation=(1, 1)
        ),
        vector=S16_CONV,
    ),  # fmt: skip
    "s16_depthwise_wide_channels": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 6, 5, 40),
            (1, 6, 5, 40),
            (1, 3, 3, 40),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            depth_multiplier=1,
        ),
        vector=S16_CONV,
    ),  # fmt: skip
    "s16_depthwise_long_window": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 24, 24, 3),
            (1, 2, 2, 3),
            (1, 23, 23, 3),
            padding="VALID",
            stride=(1, 1),
            dilation=(1, 1),
            depth_multiplier=1,
        ),
        vector=S16_CONV,
    ),  # fmt: skip
    "s16_depthwise_dilated_same": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 9, 9, 18),
            (1, 9, 9, 18),
            (1, 3, 3, 18),
            padding="SAME",
            stride=(1, 1),
            dilation=(2, 2),
            depth_multiplier=1,
        ),
        vector=S16_CONV,
    ),  # fmt: skip
    # accumulations longer than the fast scalar kernels' 32-bit runs of 256 products
    "s16_fully_connected_long": Case(
        lambda r: op16x8(r, "FULLY_CONNECTED", (1, 600), (1, 5), (5, 600)), vector=S16_CONV
    ),
    "s16_fully_connected": Case(lambda r: op16x8(r, "FULLY_CONNECTED", (2, 40), (2, 9), (9, 40)), vector=S16_CONV),
    # TFLite Micro's accumulator follows the bias: int32 (double-rounding requantisation) with an
    # int32 bias, int64 with an int64 one or none (issue 36: a bias-less Keras Dense stack).
    # wide and deep: output units across several strips, a requantising shift past 32 bits
    "s16_fully_connected_wide_deep_shift": Case(
        lambda r: op16x8(r, "FULLY_CONNECTED", (3, 200), (3, 37), (37, 200), out_scale=5000.0), vector=S16_CONV
    ),
    "s16_fully_connected_int32_bias": Case(
        lambda r: op16x8(r, "FULLY_CONNECTED", (2, 40), (2, 12), (12, 40), bias_dtype=np.int32), vector=S16_CONV
    ),
    "s16_fully_connected_no_bias": Case(
        lambda r: op16x8(r, "FULLY_CONNECTED", (2, 40), (2, 12), (12, 40), bias_dtype=None), vector=S16_CONV
    ),
    "s16_conv_no_bias": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 9, 8, 4),
            (1, 4, 3, 6),
            (6, 3, 3, 4),
            bias_dtype=None,
            padding="VALID",
            stride=(2, 2),
            dilation=(1, 1),
        ),
        vector=S16_CONV,
    ),
    "s16_add": Case(lambda r: op16x8(r, "ADD", (2, 5, 7), (2, 5, 7)), vector=S16_FAST),
    "s16_sub_broadcast": Case(lambda r: op16x8(r, "SUB", (2, 5, 7), (2, 5, 7), b_shape=(5, 1)), vector=S16_FAST),
    "s16_squared_difference_broadcast": Case(lambda r: squared_difference16((2, 5, 7), (5, 1))),
    "s16_maximum_broadcast": Case(lambda r: maxmin16(r, "MAXIMUM", (2, 5, 7), (5, 1))),
    "s16_prelu_channel_alpha": Case(lambda r: prelu16(r, (1, 5, 4, 6), (1, 1, 6))),
    "s16_prelu_alpha_zero_point": Case(lambda r: prelu16(r, (3, 17), (17,), alpha_zero_point=-9)),
    "s16_minimum_const": Case(lambda r: maxmin16(r, "MINIMUM", (3, 11), (11,), const=True)),
    "s16_mul_broadcast": Case(lambda r: op16x8(r, "MUL", (3, 4, 6), (3, 4, 6), b_shape=(6,)), vector=S16_FAST),
    "s16_avgpool": Case(
        lambda r: op16x8(
            r, "AVERAGE_POOL_2D", (1, 7, 6, 3), (1, 4, 3, 3), padding="SAME", stride=(2, 2), filter=(3, 3)
        ),
        vector=RVV,
    ),
    "s16_avgpool_wide_relu6": Case(  # channels past one vector of lanes, the clamp
        lambda r: op16x8(
            r,
            "AVERAGE_POOL_2D",
            (2, 5, 5, 70),
            (2, 2, 2, 70),
            padding="VALID",
            stride=(2, 2),
            filter=(2, 3),
            activation="RELU6",
        ),
        vector=RVV,
    ),
    "s16_maxpool_relu": Case(
        lambda r: op16x8(
            r,
            "MAX_POOL_2D",
            (1, 8, 9, 2),
            (1, 7, 4, 2),
            activation="RELU",
            padding="VALID",
            stride=(1, 2),
            filter=(2, 3),
        )
    ),
    "add_relu": Case(lambda r: add("RELU"), inplace=True, vector=VECTOR),
    "add_after_pool_with_tables": Case(lambda r: pool_then_add("RELU")),
    "add_large_flash_tables": Case(lambda r: add_large(), vector=FAST),
    "add_large_flash_tables_relu6": Case(lambda r: add_large("RELU6")),
    # few output channels, wide rows: pixels across lanes for the inside columns, channels at the borders
    "f32_conv3x3_pixels_dilated_same": Case(
        lambda r: float_op(
            r,
            "CONV_2D",
            (1, 6, 30, 5),
            (1, 6, 30, 7),
            wshape=(7, 3, 3, 5),
            padding="SAME",
            dilation=(2, 2),
            activation="RELU6",
        ),
        vector=F32_CONV,
    ),
    "f32_conv3x3_pixels_stride2_valid": Case(
        lambda r: float_op(
            r, "CONV_2D", (2, 5, 41, 3), (2, 2, 20, 16), wshape=(16, 3, 3, 3), padding="VALID", stride=(2, 2)
        ),
        vector=F32_CONV,
    ),
    "f32_conv1x1_pixels_project": Case(
        lambda r: float_op(r, "CONV_2D", (1, 4, 37, 24), (1, 4, 37, 8), wshape=(8, 1, 1, 24), padding="SAME"),
        vector=F32_CONV,
    ),
    "s16_conv3x3_pixels_dilated_same": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 6, 30, 5),
            (1, 6, 30, 7),
            (7, 3, 3, 5),
            padding="SAME",
            stride=(1, 1),
            dilation=(2, 2),
            activation="RELU6",
        ),
        vector=S16_CONV,
    ),
    "s16_conv3x3_pixels_stride2_valid": Case(
        lambda r: op16x8(
            r, "CONV_2D", (2, 5, 41, 3), (2, 2, 20, 16), (16, 3, 3, 3), padding="VALID", stride=(2, 2), dilation=(1, 1)
        ),
        vector=S16_CONV,
    ),
    "s16_conv1x1_pixels_project": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 4, 37, 24),
            (1, 4, 37, 8),
            (8, 1, 1, 24),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            bias_dtype=None,
        ),
        vector=S16_CONV,
    ),
    # requantising shifts of more than 32 bits (the 32-bit lanes kernels take them from the high half)
    "s16_conv1x1_pixels_deep_shift": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 3, 20, 64),
            (1, 3, 20, 8),
            (8, 1, 1, 64),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            out_scale=3000.0,
        ),
        vector=S16_CONV,
    ),
    "s16_depthwise_deep_shift": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 5, 6, 24),
            (1, 5, 6, 24),
            (1, 3, 3, 24),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            depth_multiplier=1,
            out_scale=2000.0,
        ),
        vector=S16_CONV,
    ),
    # subnormal weights: the soft-float fast path (cores without an FPU) hands such sums back to
    # the compiler's float arithmetic
    "f32_conv_subnormal_weights": Case(
        lambda r: float_op(
            r, "CONV_2D", (1, 5, 6, 4), (1, 5, 6, 3), wshape=(3, 3, 3, 4), padding="SAME", weight_scale=1e-38
        ),
        vector=F32_CONV,
    ),
    "f32_depthwise_subnormal_weights": Case(
        lambda r: float_op(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 5, 6, 8),
            (1, 5, 6, 8),
            wshape=(1, 3, 3, 8),
            padding="SAME",
            depth_multiplier=1,
            weight_scale=1e-38,
        ),
        vector=F32_CONV,
    ),
    "f32_fully_connected_subnormal_weights": Case(
        lambda r: float_op(r, "FULLY_CONNECTED", (2, 30), (2, 7), wshape=(7, 30), weight_scale=1e-38)
    ),
    # float32 and 16x8 in place (--memory small): each set's own kernel a row or a block of pixels
    # at a time through scratch
    "f32_depthwise_inplace_same": Case(
        lambda r: float_op(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 9, 8, 12),
            (1, 9, 8, 12),
            wshape=(1, 3, 3, 12),
            padding="SAME",
            activation="RELU6",
            depth_multiplier=1,
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "f32_depthwise_inplace_stride2_dilated": Case(
        lambda r: float_op(
            r,
            "DEPTHWISE_CONV_2D",
            (2, 11, 9, 8),
            (2, 6, 5, 8),
            wshape=(1, 3, 3, 8),
            padding="SAME",
            stride=(2, 2),
            dilation=(2, 2),
            depth_multiplier=1,
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "f32_conv1x1_inplace_widen": Case(
        lambda r: float_op(r, "CONV_2D", (1, 5, 7, 6), (1, 5, 7, 10), wshape=(10, 1, 1, 6), padding="SAME"),
        inplace=True,
        vector=S16_FAST,
    ),
    "f32_conv1x1_inplace_narrow": Case(
        lambda r: float_op(
            r, "CONV_2D", (2, 3, 5, 12), (2, 3, 5, 7), wshape=(7, 1, 1, 12), padding="VALID", activation="RELU"
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "f32_add_inplace_broadcast": Case(
        lambda r: float_op(r, "ADD", (2, 5, 6), (2, 5, 6), b_shape=(6,), activation="RELU6"), inplace=True
    ),
    "f32_hard_swish_inplace": Case(lambda r: float_op(r, "HARD_SWISH", (3, 7, 5), (3, 7, 5)), inplace=True),
    "s16_depthwise_inplace_same": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 7, 9, 16),
            (1, 7, 9, 16),
            (1, 3, 3, 16),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            depth_multiplier=1,
            activation="RELU",
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "s16_depthwise_inplace_stride2": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 10, 8, 24),
            (1, 5, 4, 24),
            (1, 3, 3, 24),
            padding="SAME",
            stride=(2, 2),
            dilation=(1, 1),
            depth_multiplier=1,
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "s16_conv1x1_inplace_widen": Case(
        lambda r: op16x8(
            r, "CONV_2D", (1, 6, 5, 5), (1, 6, 5, 12), (12, 1, 1, 5), padding="VALID", stride=(1, 1), dilation=(1, 1)
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "s16_conv1x1_inplace_narrow": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 4, 7, 16),
            (1, 4, 7, 6),
            (6, 1, 1, 16),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            activation="RELU6",
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "s16_add_inplace": Case(lambda r: op16x8(r, "ADD", (2, 3, 11), (2, 3, 11)), inplace=True),
    "add": Case(lambda r: add(), inplace=True, vector=VECTOR),
    # every comparison, int32 and float32, with and without broadcasting; past a vector strip
    "s32_less_broadcast": Case(lambda r: compare("LESS", (3, 40), (40,)), vector=S16_FAST),
    "s32_greater_equal_scalar": Case(lambda r: compare("GREATER_EQUAL", (2, 5, 7), (1,)), vector=S16_FAST),
    "s32_equal": Case(lambda r: compare("EQUAL", (70,), (70,)), vector=S16_FAST),
    "f32_greater_broadcast": Case(lambda r: compare("GREATER", (4, 1, 9), (3, 1), np.float32), vector=S16_FAST),
    "f32_less_equal": Case(lambda r: compare("LESS_EQUAL", (45,), (45,), np.float32), vector=S16_FAST),
    "f32_not_equal_scalar": Case(lambda r: compare("NOT_EQUAL", (6, 6), (1,), np.float32), vector=S16_FAST),
    "s32_add_broadcast_relu": Case(lambda r: binary_s32("ADD", (2, 3, 5), (3, 1), activation="RELU"), vector=RVV),
    "s32_sub_broadcast": Case(lambda r: binary_s32("SUB", (2, 3, 5), (5,)), vector=RVV),
    "s32_squared_difference_wrapping": Case(lambda r: binary_s32("SQUARED_DIFFERENCE", (2, 3, 5), (5,))),
    "s32_mul_scalar": Case(lambda r: binary_s32("MUL", (41,), (1,)), vector=RVV),
    "s32_div_const": Case(lambda r: binary_s32("DIV", (4, 10), (10,), divisor=[3, -1, 7, 1000, -2]), vector=RVV),
    "s32_minimum": Case(lambda r: binary_s32("MINIMUM", (37,), (37,)), vector=RVV),
    "s32_maximum_scalar": Case(lambda r: binary_s32("MAXIMUM", (37,), (1,)), vector=RVV),
}
