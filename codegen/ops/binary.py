"""Elementwise ops of two int8 tensors with TFLite's broadcasting: SUB, MUL, MAXIMUM, MINIMUM,
SQUARED_DIFFERENCE (ADD lives in ops.add, which also has the same-shape vector kernels). Either
operand may be a constant (a weight table). Quantisation follows TFLite Micro's Prepare(): SUB as
ADD (a common scale with 20 bits of headroom), SQUARED_DIFFERENCE with 7 bits, MUL by sa * sb / so,
DIV by sa / (sb * so) with TFLite's reciprocal of the divisor (a divisor at its zero point is
TFLite's undefined case: the input's calibrated range keeps seeded inputs clear of it), MAXIMUM and
MINIMUM on raw bytes; PRELU (input, alpha) rescales x >= 0 by si / so and the others
by x * alpha with si * sa / so."""

from __future__ import annotations

import numpy as np

from codegen import fixedpoint as fp
from codegen.ir import DType, Graph, Op, OpKind, Tensor
from codegen.ops.broadcast import broadcast_layout, broadcast_shape, mergeable
from codegen.ops.common import (
    Arg,
    Layer,
    LowerContext,
    expect_activation,
    expect_dtype,
    expect_float,
    expect_int16_io,
    expect_quant,
    fail,
    float_activation,
)
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family, lanes
from codegen.ops.tflm_set import litert_semantics
from codegen.quant import activation_range, quantize_multiplier

KINDS = (OpKind.SUB, OpKind.MUL, OpKind.DIV, OpKind.MAXIMUM, OpKind.MINIMUM, OpKind.SQUARED_DIFFERENCE, OpKind.PRELU)
PARAMS = "rvfw_binary_params"
# vector kernels where models spend time: codegen.family_models', and a transformer's LayerNorm
VECTOR = (OpKind.SUB, OpKind.MUL, OpKind.SQUARED_DIFFERENCE)
FAMILY = {kind: family(kind.value, PARAMS, f"{kind.value.lower()}_s8",
                       ("ref", "scalar", "rvv", "xthead") if kind in VECTOR else ("ref",), (kind.value,))
          for kind in KINDS}  # fmt: skip
FLOAT_ONLY = (OpKind.FLOOR_DIV, OpKind.FLOOR_MOD)  # TFLite Micro runs these in float32 only
# LiteRT runs them on int8, int16 and int32 too, on the raw values (rvfw_floor_int.h; generated kernels)
FLOOR_INT = {(kind, dtype): family(f"{kind.value} {dtype.name.lower()}", "rvfw_binary_params",
                                   f"{kind.value.lower()}_s{8 * dtype.size}", ("ref",), (kind.value,))
             for kind in FLOAT_ONLY for dtype in (DType.INT8, DType.INT16, DType.INT32)}  # fmt: skip
# LiteRT runs FLOOR_MOD on int64 too (not FLOOR_DIV)
FLOOR_INT[OpKind.FLOOR_MOD, DType.INT64] = family("FLOOR_MOD int64", "rvfw_binary_params", "floor_mod_s64", ("ref",),
                                                  ("FLOOR_MOD",))  # fmt: skip
INT_DTYPES = (DType.INT8, DType.INT16, DType.INT32)
# float32: every binary kind, ADD's included (ops.add's float32 form is this module's)
# IEEE operations per lane: RVV kernels (SQUARED_DIFFERENCE: a transformer's LayerNorm)
F32_VECTOR = (OpKind.ADD, OpKind.SUB, OpKind.MUL, OpKind.DIV, OpKind.SQUARED_DIFFERENCE)
F32 = {kind: family(f"{kind.value} float32", PARAMS, f"{kind.value.lower()}_f32",
                    ("ref", "scalar", "rvv") if kind in F32_VECTOR else ("ref",), (kind.value,),
                    needs={"rvv": lanes("f32")} if kind in F32_VECTOR else None)
       for kind in (OpKind.ADD, *KINDS, *FLOAT_ONLY)}  # fmt: skip
# LiteRT's int32 POW (TFLite Micro has none): the power exact where it fits, else INT32_MIN (LiteRT
# takes std::pow in double and converts it: x86 gives INT32_MIN out of range). Its float32 POW is
# glibc's powf, which is not correctly rounded (126 of 200,000 seeded pairs differ from the double
# power rounded once): pow_f32_ref computes it as glibc does.
# 16x8: ADD and SUB are the int8 algorithm with 15 bits of headroom, MUL the int8 one with int16 clamps
S16 = {OpKind.ADD: family("ADD int16", PARAMS, "add_broadcast_s16", ("ref", "scalar", "rvv"), ("ADD",)),
       OpKind.SUB: family("SUB int16", PARAMS, "sub_s16", ("ref", "scalar", "rvv"), ("SUB",)),
       OpKind.MUL: family("MUL int16", PARAMS, "mul_s16", ("ref", "scalar", "rvv"), ("MUL",)),
       OpKind.MAXIMUM: family("MAXIMUM int16", PARAMS, "maximum_s16", ("ref",), ("MAXIMUM",)),
       # LiteRT's (TFLite Micro has no int16 DIV): the int8 division with int16 clamps
       OpKind.DIV: family("DIV int16", PARAMS, "div_s16", ("ref",), ("DIV",)),
       OpKind.MINIMUM: family("MINIMUM int16", PARAMS, "minimum_s16", ("ref",), ("MINIMUM",)),
       OpKind.SQUARED_DIFFERENCE: family("SQUARED_DIFFERENCE int16", PARAMS, "squared_difference_s16", ("ref",),
                                         ("SQUARED_DIFFERENCE",)),
       # int16 input and output, int8 alpha (TFLite Micro's prelu_common.cc takes no other alpha)
       OpKind.PRELU: family("PRELU int16", PARAMS, "prelu_s16", ("ref",), ("PRELU",))}  # fmt: skip
S16_KINDS = (
    OpKind.SUB,
    OpKind.MUL,
    OpKind.DIV,
    OpKind.MAXIMUM,
    OpKind.MINIMUM,
    OpKind.SQUARED_DIFFERENCE,
    OpKind.PRELU,
)
# int32 (no quantisation: the Signal front end's feature scaling): TFLite Micro's reference
# arithmetic in int32 (wrapping), DIV truncating toward zero, clamped to the fused activation.
S32_KINDS = (OpKind.ADD, OpKind.SUB, OpKind.MUL, OpKind.DIV, OpKind.MAXIMUM, OpKind.MINIMUM)
S32 = {kind: family(f"{kind.value} int32", PARAMS, f"{kind.value.lower()}_s32", ("ref", "scalar", "rvv"),
              (kind.value,))
       for kind in S32_KINDS}  # fmt: skip
S32[OpKind.SQUARED_DIFFERENCE] = family("SQUARED_DIFFERENCE int32", PARAMS, "squared_difference_s32", ("ref",),
                                        ("SQUARED_DIFFERENCE",))  # fmt: skip
S32[OpKind.POW] = family("POW int32", PARAMS, "pow_s32", ("ref",), ("POW",))
F32[OpKind.POW] = family("POW float32 (glibc's powf)", PARAMS, "pow_f32", ("ref",), ("POW",))
S32_KINDS = (*S32_KINDS, OpKind.SQUARED_DIFFERENCE, OpKind.POW)
S32_ACTIVATION = {"NONE": (-(2**31), 2**31 - 1), "RELU": (0, 2**31 - 1), "RELU6": (0, 6), "RELU_N1_TO_1": (-1, 1)}
# int64 (LiteRT's): on the raw values, wrapping; the clamp's int32 bounds INT32_MIN/MAX stand for none
S64_KINDS = (OpKind.ADD, OpKind.SUB, OpKind.MUL, OpKind.MAXIMUM, OpKind.MINIMUM)
S64 = {kind: family(f"{kind.value} int64", PARAMS, f"{kind.value.lower()}_s64", ("ref",), (kind.value,))
       for kind in S64_KINDS}  # fmt: skip


def s32_activation(op: Op) -> tuple[int, int]:
    """The int32 and int64 clamp to the fused activation of every kind that has one. TFLite Micro's
    int32 ADD ignores it (measured: ADD with RELU returns negative sums), which is wrong: rvfw
    clamps as LiteRT's reference does and checks such a model against LiteRT
    (tflm_set.TFLM_WRONG_ACTIVATION)."""
    return S32_ACTIVATION[op.options.get("activation", "NONE") if fuses_activation(op) else "NONE"]


S16_LEFT_SHIFT = 15
LEFT_SHIFT = 20  # headroom bits for the rescaled int8 inputs of ADD and SUB, as in TFLM
SQUARED_LEFT_SHIFT = 7  # SQUARED_DIFFERENCE's: the square of the difference must fit int32
FUSES_ACTIVATION = (OpKind.SUB, OpKind.MUL, OpKind.DIV)


def fuses_activation(op: Op) -> bool:
    """Whether TFLite's options of this kind carry a fused activation (MAXIMUM, MINIMUM and the
    others have none)."""
    return op.kind in (*FUSES_ACTIVATION, OpKind.ADD)


def expect_broadcast(graph: Graph, op: Op, a: Tensor, b: Tensor, out: Tensor) -> None:
    """Shapes that broadcast to the output, within the 5 merged dimensions the kernels loop over."""
    if broadcast_shape(a.shape, b.shape) != tuple(out.shape):  # a crash-free np.broadcast_shapes
        raise fail(graph, op, f"{list(a.shape)} and {list(b.shape)} do not broadcast to {list(out.shape)}")
    if not mergeable(a.shape, b.shape, out.shape):
        raise fail(graph, op, f"broadcasting {list(a.shape)} with {list(b.shape)} needs more than 5 dimensions")


def check_operands(graph: Graph, op: Op) -> tuple[Tensor, Tensor, Tensor]:
    """Checks ADD shares: int8 operands and output, quantised, shapes that broadcast to the output."""
    a = expect_dtype(graph, op, op.inputs[0], "input", DType.INT8)
    b = expect_dtype(graph, op, op.inputs[1], "input", DType.INT8)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT8)
    for t, role in ((a, "input"), (b, "input"), (out, "output")):
        expect_quant(graph, op, t, role)
    if a.is_constant and b.is_constant:
        raise fail(graph, op, "both inputs constant (nothing to compute on the device)")
    expect_broadcast(graph, op, a, b, out)
    return a, b, out


def check(graph: Graph, op: Op) -> None:
    check_operands(graph, op)
    if op.kind in FUSES_ACTIVATION:
        expect_activation(graph, op)


def rescaled_sum_params(a: Tensor, b: Tensor, out: Tensor, activation: str, left_shift: int = LEFT_SHIFT
                        ) -> list[tuple[str, int]]:  # fmt: skip
    """ADD's and SUB's fields: inputs to twice the larger input scale, headroom, then the output."""
    sa, sb, so = a.quant.scale[0], b.quant.scale[0], out.quant.scale[0]
    twice_max_input_scale = 2 * max(sa, sb)
    m1, s1 = quantize_multiplier(sa / twice_max_input_scale)
    m2, s2 = quantize_multiplier(sb / twice_max_input_scale)
    mo, so_shift = quantize_multiplier(twice_max_input_scale / ((1 << left_shift) * so))
    act_min, act_max = activation_range(activation, so, out.quant.zero_point[0])
    return [
        ("left_shift", left_shift),
        ("input1_offset", -a.quant.zero_point[0]), ("input1_multiplier", m1), ("input1_shift", s1),
        ("input2_offset", -b.quant.zero_point[0]), ("input2_multiplier", m2), ("input2_shift", s2),
        ("output_offset", out.quant.zero_point[0]), ("output_multiplier", mo), ("output_shift", so_shift),
        ("output_activation_min", act_min), ("output_activation_max", act_max),
    ]  # fmt: skip


def _squared_difference_params(a: Tensor, b: Tensor, out: Tensor, left_shift: int = SQUARED_LEFT_SHIFT,
                               bits: int = 8) -> list[tuple[str, int]]:  # fmt: skip
    """int8 (7 bits of headroom) or int16 (none: TFLite Micro's left shift 0)."""
    sa, sb, so = a.quant.scale[0], b.quant.scale[0], out.quant.scale[0]
    twice_max_input_scale = 2.0 * max(sa, sb)
    m1, s1 = quantize_multiplier(sa / twice_max_input_scale)
    m2, s2 = quantize_multiplier(sb / twice_max_input_scale)
    real_output = twice_max_input_scale**2 / float(np.float32((1 << (2 * left_shift)) * np.float32(so)))
    mo, so_shift = quantize_multiplier(real_output)
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return [
        ("left_shift", left_shift),
        ("input1_offset", -a.quant.zero_point[0]), ("input1_multiplier", m1), ("input1_shift", s1),
        ("input2_offset", -b.quant.zero_point[0]), ("input2_multiplier", m2), ("input2_shift", s2),
        ("output_offset", out.quant.zero_point[0]), ("output_multiplier", mo), ("output_shift", so_shift),
        ("output_activation_min", lo), ("output_activation_max", hi),
    ]  # fmt: skip


def _mul_params(a: Tensor, b: Tensor, out: Tensor, activation: str) -> list[tuple[str, int]]:
    m, s = quantize_multiplier(float(a.quant.scale[0]) * float(b.quant.scale[0]) / float(out.quant.scale[0]))
    act_min, act_max = activation_range(activation, out.quant.scale[0], out.quant.zero_point[0])
    return [("input1_offset", -a.quant.zero_point[0]), ("input2_offset", -b.quant.zero_point[0]),
            ("output_offset", out.quant.zero_point[0]), ("output_multiplier", m), ("output_shift", s),
            ("output_activation_min", act_min), ("output_activation_max", act_max)]  # fmt: skip


def inplace(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """Over an operand with the output's shape (each output element is written after its own
    element of that operand is read), no scratch."""
    out = graph.tensors[op.outputs[0]]
    return [(t, 0) for t in op.inputs[:2] if graph.tensors[t].shape == out.shape and not graph.tensors[t].is_constant]


def operand(ctx: LowerContext, op: Op, position: int) -> Arg:
    index = op.inputs[position]
    return ctx.weights(index) if ctx.tensor(index).is_constant else ctx.input(op, position)


def quant_params(graph: Graph, op: Op) -> list[tuple[str, int]]:
    """The quantisation fields of rvfw_binary_params for this op (ADD's too)."""
    a, b, out = (graph.tensors[t] for t in (*op.inputs[:2], op.outputs[0]))
    activation = expect_activation(graph, op) if fuses_activation(op) else "NONE"
    if op.kind in (OpKind.ADD, OpKind.SUB):
        return rescaled_sum_params(a, b, out, activation)
    if op.kind is OpKind.MUL:
        return _mul_params(a, b, out, activation)
    if op.kind is OpKind.SQUARED_DIFFERENCE:
        return _squared_difference_params(a, b, out)
    if op.kind is OpKind.PRELU:
        return _prelu_params(a, b, out)
    if op.kind is OpKind.DIV:
        sa, sb, so = (np.float32(t.quant.scale[0]) for t in (a, b, out))
        # TFLite Micro forms sa / (sb so) in double; LiteRT's reference in single precision
        # (measured: 44 of 9,000 seeded quotients differ by one between the two)
        real = float(sa / (sb * so)) if litert_semantics(graph) else float(sa) / (float(sb) * float(so))
        m, s = quantize_multiplier(real)
        act_min, act_max = activation_range(activation, out.quant.scale[0], out.quant.zero_point[0])
        return [("input1_offset", -a.quant.zero_point[0]), ("input2_offset", -b.quant.zero_point[0]),
                ("output_offset", out.quant.zero_point[0]), ("output_multiplier", m), ("output_shift", s),
                ("output_activation_min", act_min), ("output_activation_max", act_max)]  # fmt: skip
    return []


def _prelu_params(x: Tensor, alpha: Tensor, out: Tensor) -> list[tuple[str, int]]:
    m1, s1 = quantize_multiplier(float(x.quant.scale[0]) / float(out.quant.scale[0]))
    m2, s2 = quantize_multiplier(float(x.quant.scale[0]) * float(alpha.quant.scale[0]) / float(out.quant.scale[0]))
    return [("input1_offset", -x.quant.zero_point[0]), ("input2_offset", -alpha.quant.zero_point[0]),
            ("input1_multiplier", m1), ("input1_shift", s1), ("output_offset", out.quant.zero_point[0]),
            ("output_multiplier", m2), ("output_shift", s2), ("output_activation_min", -128),
            ("output_activation_max", 127)]  # fmt: skip


def _element(kind: OpKind, p: dict, x: int, y: int) -> int:
    """One output element, as the kernels compute it (constant folding)."""
    if kind is OpKind.MAXIMUM:
        return max(x, y)
    if kind is OpKind.MINIMUM:
        return min(x, y)
    if kind is OpKind.PRELU:
        v = x + p["input1_offset"]
        if v >= 0:
            value = fp.multiply_by_quantized_multiplier(v, p["input1_multiplier"], p["input1_shift"])
        else:
            acc = v * (y + p["input2_offset"])
            value = fp.multiply_by_quantized_multiplier(acc, p["output_multiplier"], p["output_shift"])
        return min(max(value + p["output_offset"], -128), 127)
    if kind is OpKind.DIV:
        value = fp.divide(x + p["input1_offset"], y + p["input2_offset"], p["output_multiplier"], p["output_shift"])
        return min(max(value + p["output_offset"], p["output_activation_min"]), p["output_activation_max"])
    if kind is OpKind.MUL:
        acc = (x + p["input1_offset"]) * (y + p["input2_offset"])
    else:
        u = fp.multiply_by_quantized_multiplier((x + p["input1_offset"]) << p["left_shift"], p["input1_multiplier"],
                                                p["input1_shift"])  # fmt: skip
        v = fp.multiply_by_quantized_multiplier((y + p["input2_offset"]) << p["left_shift"], p["input2_multiplier"],
                                                p["input2_shift"])  # fmt: skip
        acc = {OpKind.ADD: u + v, OpKind.SUB: u - v}.get(kind, (u - v) * (u - v))
    value = fp.multiply_by_quantized_multiplier(acc, p["output_multiplier"], p["output_shift"]) + p["output_offset"]
    return min(max(value, p["output_activation_min"]), p["output_activation_max"])


def _power_s32(base: int, exponent: int) -> int:
    """LiteRT's int32 POW of a non-negative exponent: base^exponent where it fits int32, else
    INT32_MIN (its std::pow in double converted as x86 converts an out-of-range double)."""
    if abs(base) >= 2 and exponent >= 32:
        return -(2**31)
    value = base**exponent
    return value if -(2**31) <= value < 2**31 else -(2**31)


def _fold_s32(graph: Graph, op: Op) -> list[np.ndarray] | None:
    a, b = np.broadcast_arrays(*(graph.tensors[t].data.astype(np.int64) for t in op.inputs[:2]))
    if op.kind is OpKind.DIV:
        if not np.all(b):
            return None
        value = np.abs(a) // np.abs(b) * np.sign(a) * np.sign(b)  # C's truncating division
    elif op.kind is OpKind.POW:  # LiteRT's (pow_s32_ref): exact where it fits, else INT32_MIN
        if (b < 0).any():
            return None
        return [np.array([_power_s32(int(x), int(y)) for x, y in zip(a.flat, b.flat)], np.int32).reshape(a.shape)]
    elif op.kind is OpKind.SQUARED_DIFFERENCE:  # the difference wraps in int32, then its square
        difference = (a - b).astype(np.uint64).astype(np.uint32).astype(np.int32).astype(np.int64)
        value = difference * difference
    else:
        value = {OpKind.ADD: np.add, OpKind.SUB: np.subtract, OpKind.MUL: np.multiply, OpKind.MAXIMUM: np.maximum,
                 OpKind.MINIMUM: np.minimum}[op.kind](a, b)  # fmt: skip
    lo, hi = s32_activation(op)
    wrapped = value.astype(np.uint64).astype(np.uint32).astype(np.int32).astype(np.int64)  # int32 wraps
    return [np.clip(wrapped, lo, hi).astype(np.int32)]


def check_floor_int(graph: Graph, op: Op) -> None:
    """Integer FLOOR_DIV or FLOOR_MOD: one integer dtype throughout (its scales, if any, unread)."""
    a = graph.tensors[op.inputs[0]]
    if (op.kind, a.dtype) not in FLOOR_INT:
        raise fail(graph, op, f"{a.dtype.name.lower()} not supported")
    b = expect_dtype(graph, op, op.inputs[1], "input 1", a.dtype)
    out = expect_dtype(graph, op, op.outputs[0], "output", a.dtype)
    expect_broadcast(graph, op, a, b, out)
    if a.is_constant and b.is_constant:
        raise fail(graph, op, "both inputs constant")
    if b.is_constant and not np.all(b.data):
        raise fail(graph, op, "a constant divisor holding 0 (LiteRT stops on division by 0)")


def lower_floor_int(ctx: LowerContext, op: Op) -> Layer:
    a, b, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    fam = FLOOR_INT[(op.kind, a.dtype)]
    args = [operand(ctx, op, 0), operand(ctx, op, 1), ctx.output(op)]
    return ctx.layer(op, ctx.pick(fam), fam, broadcast_layout(a.shape, b.shape, out.shape), args)


def or_floor(plain, floor):
    """An integer form's check or lowering: `floor` for FLOOR_DIV and FLOOR_MOD, else `plain`."""
    return lambda first, op: (floor if op.kind in FLOAT_ONLY else plain)(first, op)


def _fold_floor_int(graph: Graph, op: Op) -> list[np.ndarray] | None:
    a, b = (graph.tensors[t].data.astype(np.int64) for t in op.inputs[:2])
    if not np.all(b):
        return None
    result = np.floor_divide(a, b) if op.kind is OpKind.FLOOR_DIV else np.mod(a, b)
    return [result.astype(graph.tensors[op.outputs[0]].dtype.np_type)]


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    """Both operands constant: the output computed at build time (passes.simplify)."""
    if op.kind in FLOAT_ONLY:
        return _fold_floor_int(graph, op) if graph.tensors[op.inputs[0]].dtype in INT_DTYPES else None
    if graph.tensors[op.inputs[0]].dtype is DType.INT32:
        return _fold_s32(graph, op) if op.kind in S32_KINDS else None
    if graph.tensors[op.inputs[0]].dtype is not DType.INT8:
        return None
    a, b = (graph.tensors[t].data.astype(np.int64) for t in op.inputs[:2])
    p = dict(quant_params(graph, op))
    element = np.vectorize(lambda x, y: _element(op.kind, p, int(x), int(y)), otypes=[np.int64])
    return [element(*np.broadcast_arrays(a, b)).astype(np.int8)]


def lower(ctx: LowerContext, op: Op) -> Layer:
    a, b, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    params = broadcast_layout(a.shape, b.shape, out.shape) + quant_params(ctx.graph, op)
    args = [operand(ctx, op, 0), operand(ctx, op, 1), ctx.output(op)]
    chosen_family = FAMILY[op.kind]
    return ctx.layer(op, ctx.pick(chosen_family), chosen_family, params, args)


def check_f32(graph: Graph, op: Op) -> None:
    a, out = expect_float(graph, op)
    b = graph.tensors[op.inputs[1]]
    expect_broadcast(graph, op, a, b, out)
    if a.is_constant and b.is_constant:
        raise fail(graph, op, "both inputs constant")
    if op.kind is OpKind.FLOOR_DIV and b.is_constant and not np.all(b.data):
        raise fail(graph, op, "a constant divisor holding 0 (TFLite Micro refuses division by 0)")


def lower_f32(ctx: LowerContext, op: Op) -> Layer:
    a, b, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    operands = [operand(ctx, op, 0), operand(ctx, op, 1)]
    fam = F32[op.kind]
    # SQUARED_DIFFERENCE and POW have no activation and their references clamp nothing: an infinite
    # square or power stays
    act = (ctx.derived(op, "act", "float", np.array([-np.inf, np.inf], np.float32))
           if op.kind in (OpKind.SQUARED_DIFFERENCE, OpKind.POW) else float_activation(ctx, op))  # fmt: skip
    args = [*operands, act, ctx.output(op)]
    picked = ctx.pick(fam)
    return ctx.layer(op, picked, fam, broadcast_layout(a.shape, b.shape, out.shape), args)


def check_s16(graph: Graph, op: Op) -> None:
    inp, out = expect_int16_io(graph, op)
    if op.kind is OpKind.PRELU:  # an int8 alpha, quantised per tensor, any zero point
        alpha = expect_dtype(graph, op, op.inputs[1], "alpha", DType.INT8)
        expect_quant(graph, op, alpha, "alpha")
        expect_broadcast(graph, op, inp, alpha, out)
        return
    expect_activation(graph, op)
    b = expect_dtype(graph, op, op.inputs[1], "input", DType.INT16)
    expect_quant(graph, op, b, "input")
    if b.quant.zero_point[0] != 0:
        raise fail(graph, op, "int16 input zero point must be 0 (16x8 quantisation)")
    expect_broadcast(graph, op, inp, b, out)


def lower_s16(ctx: LowerContext, op: Op) -> Layer:
    a, b, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    params = broadcast_layout(a.shape, b.shape, out.shape)
    if op.kind is OpKind.PRELU:  # TFLite Micro's two multipliers, clamped to int16
        fam = S16[op.kind]
        params += _prelu_params(a, b, out)[:-2] + [("output_activation_min", -32768), ("output_activation_max", 32767)]
        return ctx.layer(op, ctx.pick(fam), fam, params, [operand(ctx, op, 0), operand(ctx, op, 1), ctx.output(op)])
    act_min, act_max = activation_range(expect_activation(ctx.graph, op), out.quant.scale[0], 0, bits=16)
    if op.kind in (OpKind.MAXIMUM, OpKind.MINIMUM):  # the raw values compared, as TFLite Micro does
        fam = S16[op.kind]
        return ctx.layer(op, ctx.pick(fam), fam, params, [operand(ctx, op, 0), operand(ctx, op, 1), ctx.output(op)])
    if op.kind is OpKind.SQUARED_DIFFERENCE:  # no fused activation: the int16 range
        fam = S16[op.kind]
        params += _squared_difference_params(a, b, out, left_shift=0, bits=16)
        return ctx.layer(op, ctx.pick(fam), fam, params, [operand(ctx, op, 0), operand(ctx, op, 1), ctx.output(op)])
    if op.kind is OpKind.DIV:  # zero points 0; LiteRT's multiplier, in single precision
        sa, sb, so = (np.float32(t.quant.scale[0]) for t in (a, b, out))
        m, s = quantize_multiplier(float(sa / (sb * so)))
        params += [("input1_offset", 0), ("input2_offset", 0), ("output_offset", 0), ("output_multiplier", m),
                   ("output_shift", s)]  # fmt: skip
    elif op.kind is OpKind.MUL:
        sa, sb, so = (np.float32(t.quant.scale[0]) for t in (a, b, out))
        # TFLite Micro forms sa sb / so in double; LiteRT's int16 MUL in single precision (measured:
        # 4 of 10,240 products of a ViT's LayerNorm scale differ by one between the two)
        real = float(sa * sb / so) if litert_semantics(ctx.graph) else float(sa) * float(sb) / float(so)
        m, s = quantize_multiplier(real)
        params += [("input1_offset", 0), ("input2_offset", 0), ("output_offset", 0), ("output_multiplier", m),
                   ("output_shift", s)]  # fmt: skip
    else:
        params += rescaled_sum_params(a, b, out, "NONE", S16_LEFT_SHIFT)[:-2]
    params += [("output_activation_min", act_min), ("output_activation_max", act_max)]
    operands = [operand(ctx, op, 0), operand(ctx, op, 1)]
    fam = S16[op.kind]
    return ctx.layer(op, ctx.pick(fam), fam, params, [*operands, ctx.output(op)])


def check_s32(graph: Graph, op: Op) -> None:
    """int32, and int64 (its kinds: S64)."""
    a = expect_dtype(graph, op, op.inputs[0], "input", DType.INT32, DType.INT64)
    b = expect_dtype(graph, op, op.inputs[1], "input", a.dtype)
    out = expect_dtype(graph, op, op.outputs[0], "output", a.dtype)
    expect_broadcast(graph, op, a, b, out)
    if a.is_constant and b.is_constant:
        raise fail(graph, op, "both inputs constant")
    if op.kind is OpKind.DIV and b.is_constant and not np.all(b.data):
        raise fail(graph, op, "a constant divisor holding 0 (an integer division by 0)")
    expect_activation(graph, op)


def lower_s32(ctx: LowerContext, op: Op) -> Layer:
    a, b, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    int64 = a.dtype is DType.INT64
    lo, hi = s32_activation(op)
    params = broadcast_layout(a.shape, b.shape, out.shape) + [("output_activation_min", lo),
                                                               ("output_activation_max", hi)]  # fmt: skip
    operands = [operand(ctx, op, 0), operand(ctx, op, 1)]
    fam = S64[op.kind] if int64 else S32[op.kind]
    return ctx.layer(op, ctx.pick(fam), fam, params, [*operands, ctx.output(op)])


CONTRACT = OpContract(
    kinds={
        # the versions the converter writes: SUB 4 and MUL 5 for int64 (LiteRT's op_version), whose
        # forms rvfw runs (measured: tests/data/converters keras_int_math_float); SUB 5 for int16
        # with general scales (pot_scale_int16 false), the int16 SUB rvfw runs
        OpKind.SUB: Kind(5, (2, 2)),
        OpKind.MUL: Kind(5, (2, 2)),
        OpKind.DIV: Kind(2, (2, 2)),
        OpKind.MAXIMUM: Kind(4, (2, 2)),
        OpKind.MINIMUM: Kind(4, (2, 2)),
        OpKind.SQUARED_DIFFERENCE: Kind(2, (2, 2)),
        OpKind.PRELU: Kind(1, (2, 2)),
        OpKind.FLOOR_DIV: Kind(3, (2, 2)),  # 1 int32; 2 float32; 3 int8 and int16
        OpKind.FLOOR_MOD: Kind(2, (2, 2)),
        OpKind.POW: Kind(1, (2, 2)),
    },
    forms={
        DType.INT16: Form(
            or_floor(check_s16, check_floor_int),
            or_floor(lower_s16, lower_floor_int),
            (*(S16[k] for k in S16_KINDS), *(FLOOR_INT[k, DType.INT16] for k in FLOAT_ONLY)),
            inplace=inplace,
            kinds=(*S16_KINDS, *FLOAT_ONLY),
        ),
        DType.FLOAT32: Form(
            check_f32,
            lower_f32,
            tuple(F32[k] for k in (*KINDS, *FLOAT_ONLY, OpKind.POW)),
            inplace=inplace,
            kinds=(*KINDS, *FLOAT_ONLY, OpKind.POW),
        ),  # fmt: skip
        DType.INT32: Form(
            or_floor(check_s32, check_floor_int),
            or_floor(lower_s32, lower_floor_int),
            (*(S32[k] for k in S32_KINDS if k is not OpKind.ADD), *(FLOOR_INT[k, DType.INT32] for k in FLOAT_ONLY)),
            kinds=(*(k for k in S32_KINDS if k is not OpKind.ADD), *FLOAT_ONLY),
        ),
        DType.INT64: Form(
            or_floor(check_s32, check_floor_int),
            or_floor(lower_s32, lower_floor_int),
            (*(S64[k] for k in S64_KINDS if k is not OpKind.ADD), FLOOR_INT[OpKind.FLOOR_MOD, DType.INT64]),
            kinds=(*(k for k in S64_KINDS if k is not OpKind.ADD), OpKind.FLOOR_MOD),
        ),
        None: Form(
            or_floor(check, check_floor_int),
            or_floor(lower, lower_floor_int),
            (*FAMILY.values(), *(FLOOR_INT[k, DType.INT8] for k in FLOAT_ONLY)),
            inplace=inplace,
            kinds=(*KINDS, *FLOAT_ONLY),
        ),
    },
    fold=fold,
)
