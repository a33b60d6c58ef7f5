"""Float32 elementwise math, one output element from one input element: NEG, FLOOR, CEIL, ROUND,
SQRT, RSQRT, SQUARE, EXP, LOG, SIN and COS, each as TFLite Micro's reference computes it in single precision:
-x; floorf; ceilf; rounding half to even (TFLite's RoundToNearest); sqrtf (IEEE, correctly
rounded); 1.0f / sqrtf(x) (two roundings, as TFLite Micro divides); x * x; expf, logf, sinf and
cosf as the host C library TFLite Micro runs with computes them (rvfw_expf.h, rvfw_logf.h,
rvfw_sinf.h: glibc's algorithms, to the bit, over the whole float range).

int8 RSQRT: TFLite Micro's RsqrtEvalQuantized, a 256-entry table built here (the int8 activations'
table kernel): (x - zero point) through GetInvSqrtQuantizedMultiplierExp with 20 bits of headroom,
then 1 / (sqrt(input scale) * output scale); 0 gives 127. TFLite Micro refuses an input below the
zero point at run time; the table gives it what the arithmetic gives. int8 EXP, LOG, NEG and SQRT,
which TFLite Micro refuses, are LiteRT's (litert_table, sqrt_table), through the same table kernel. Other dtypes
are refused in one line naming the dtype."""

from __future__ import annotations

import ctypes
import ctypes.util
import math
from functools import cache

import numpy as np

from codegen import fixedpoint as fp
from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops import lut16, unary_int
from codegen.ops.activation import LUT
from codegen.ops.common import (
    Layer,
    LowerContext,
    expect_float,
    expect_int8_same_shape,
    expect_int16_io,
    expect_same_shape,
)
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family, lanes
from codegen.ops.tflm_set import litert_semantics
from codegen.quant import quantize_multiplier, round_half_away

KINDS = (OpKind.NEG, OpKind.FLOOR, OpKind.CEIL, OpKind.ROUND, OpKind.SQRT, OpKind.RSQRT, OpKind.SQUARE, OpKind.EXP,
         OpKind.LOG, OpKind.SIN, OpKind.COS, OpKind.SIGN)  # fmt: skip
LIBM = {OpKind.EXP: "expf", OpKind.LOG: "logf", OpKind.SIN: "sinf", OpKind.COS: "cosf"}
# EXP: the RVV kernel needs float64 lanes (V, Zve64d); the fast scalar one computes expf in integers.
# NEG, SQUARE, SQRT and RSQRT: their IEEE operations in float32 lanes (templates/kernels/unary_f32_rvv.c.j2).
FAST = {
    OpKind.EXP: ("ref", "scalar", "rvv"),
    **{k: ("ref", "rvv") for k in (OpKind.NEG, OpKind.SQUARE, OpKind.SQRT, OpKind.RSQRT)},
}
LANES = {OpKind.EXP: "f64"}
FAMILY = {kind: family(f"{kind.value} float32", "rvfw_lut_params", f"{kind.value.lower()}_f32",
                       FAST.get(kind, ("ref",)), (kind.value,),
                       needs={"rvv": lanes(LANES.get(kind, "f32"))} if kind in FAST else None)
          for kind in KINDS}  # fmt: skip


@cache
def _libm(name: str):
    """The host C library's expf or logf: what TFLite Micro's EXP and LOG call on this host."""
    function = getattr(ctypes.CDLL(ctypes.util.find_library("m")), name)
    function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float]
    return function


def _values(kind: OpKind, x: np.ndarray) -> np.ndarray:
    """The op on float32 values, as the kernels compute it (passes.simplify folds constants so)."""
    x = x.astype(np.float32)
    if kind in LIBM:
        f = _libm(LIBM[kind])
        return np.array([f(float(v)) for v in x.reshape(-1)], dtype=np.float32).reshape(x.shape)
    with np.errstate(all="ignore"):
        if kind is OpKind.NEG:
            return -x
        if kind is OpKind.SIGN:  # LiteRT's: +-1, 0.0 for either zero, NaN kept (sign_f32_ref)
            return np.where(np.isnan(x), x, np.sign(x) + np.float32(0.0)).astype(np.float32)
        if kind is OpKind.FLOOR:
            return np.floor(x)
        if kind is OpKind.CEIL:
            return np.ceil(x)
        if kind is OpKind.ROUND:
            return np.rint(x)  # half to even, as RoundToNearest
        if kind is OpKind.SQRT:
            return np.sqrt(x)
        if kind is OpKind.RSQRT:
            return np.float32(1.0) / np.sqrt(x)
        return x * x


def check(graph: Graph, op: Op) -> None:
    expect_same_shape(graph, op, *expect_float(graph, op))


# int32: LiteRT's NEG and SIGN on the raw values (ops.unary_int)
INT_KINDS = (OpKind.NEG, OpKind.SIGN)
# int8 through the table kernel: TFLite Micro's RSQRT, LiteRT's EXP, LOG and NEG (litert_table) and
# SQRT (sqrt_table)
S8_KINDS = (OpKind.RSQRT, OpKind.EXP, OpKind.LOG, OpKind.NEG, OpKind.SQRT)
RSQRT_SHIFT = 20  # TFLite Micro's kShift: headroom for the inverse square root


def rsqrt_table(graph: Graph, op: Op) -> list[int]:
    """TFLite Micro's int8 RSQRT of every input value -128..127."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    multiplier, shift = _rsqrt_multiplier(graph, op)
    table = []
    for x in range(-128, 128):
        value = x - inp.quant.zero_point[0]
        if value == 0:  # "any value close to 0 represents the max output value"
            table.append(127)
            continue
        inv_m, inv_s = fp.inv_sqrt_multiplier_exp(value, -1)
        data = fp.multiply_by_quantized_multiplier(1, inv_m, inv_s + RSQRT_SHIFT)
        output = fp.multiply_by_quantized_multiplier(data, multiplier, shift - RSQRT_SHIFT) + out.quant.zero_point[0]
        table.append(min(max(output, -128), 127))
    return table


RSQRT_S16 = family("RSQRT int16", "rvfw_requantize_params", "rsqrt_s16", ("ref", "rvv"), ("RSQRT",))
# LiteRT's int16 SQRT: per element in single precision, truncated (sqrt_s16_ref)
SQRT_S16 = family("SQRT int16", "rvfw_requantize_params", "sqrt_s16", ("ref",), ("SQRT",))


def _rsqrt_multiplier(graph: Graph, op: Op) -> tuple[int, int]:
    """TFLite Micro's SetRsqrtOutputMultiplier: 1 / (sqrt(input scale) * output scale)."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    real = 1.0 / (math.sqrt(float(np.float32(inp.quant.scale[0]))) * float(np.float32(out.quant.scale[0])))
    return quantize_multiplier(real)


def litert_rsqrt16(graph: Graph, op: Op) -> bool:
    """int16 RSQRT in a model LiteRT defines: its table (elementwise.cc fills a LUTPopulate<int16_t>
    table of 1 / sqrtf), which differs from TFLite Micro's per-element multiplier by up to 3."""
    return op.kind is OpKind.RSQRT and litert_semantics(graph)


def rsqrt_transform(graph: Graph, op: Op):
    """The function LiteRT's int16 RSQRT table samples: 1 / sqrtf(x) above zero, at or below zero
    32767 times the output scale (the table's top)."""
    top = np.float32(32767) * np.float32(graph.tensors[op.outputs[0]].quant.scale[0])
    return lambda x: np.float32(np.float32(1) / np.sqrt(np.float32(x))) if x > 0 else top


def check_s16(graph: Graph, op: Op) -> None:
    if op.kind in (OpKind.EXP, OpKind.LOG) or litert_rsqrt16(graph, op):  # LiteRT's int16 table (ops.lut16)
        lut16.check(graph, op)
        return
    if op.kind is OpKind.SQRT:  # LiteRT's, per element (sqrt_s16_ref)
        inp, out = expect_int16_io(graph, op)
        expect_same_shape(graph, op, inp, out)
        return
    if op.kind is not OpKind.RSQRT:  # NEG: LiteRT's, on the raw values (ops.unary_int)
        unary_int.check(graph, op)
        return
    expect_same_shape(graph, op, *expect_int16_io(graph, op))
    _rsqrt_multiplier(graph, op)


def log_transform(graph: Graph, op: Op):
    """The function LiteRT's int16 LOG samples into its table (elementwise.cc, LogLUTPrepare): the
    host's logf above zero; at or below zero the output's lowest real value, (-32768 - output zero
    point) times the output scale in single precision, so the table holds -32768 there."""
    out = graph.tensors[op.outputs[0]].quant
    lowest = np.float32(-32768 - int(out.zero_point[0])) * np.float32(out.scale[0])
    logf = _libm("logf")
    return lambda x: np.float32(logf(float(x))) if x > 0 else lowest


def lower_s16(ctx: LowerContext, op: Op) -> Layer:
    """TFLite Micro's RsqrtEvalQuantized<int16_t> (rsqrt_s16_ref), or LiteRT's table where LiteRT
    defines the model; NEG LiteRT's (ops.unary_int), EXP and LOG LiteRT's int16 tables of the host's
    expf and logf (ops.lut16)."""
    if op.kind is OpKind.EXP:
        expf = _libm("expf")
        return lut16.lower(ctx, op, lambda x: np.float32(expf(float(x))))
    if op.kind is OpKind.LOG:
        return lut16.lower(ctx, op, log_transform(ctx.graph, op))
    if litert_rsqrt16(ctx.graph, op):
        return lut16.lower(ctx, op, rsqrt_transform(ctx.graph, op))
    if op.kind is OpKind.SQRT:
        inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
        scales = ctx.derived(op, "scales", "float", np.array([inp.quant.scale[0], out.quant.scale[0]], np.float32))
        params = [("size", inp.num_elements), ("input_zero_point", inp.quant.zero_point[0]),
                  ("output_zero_point", out.quant.zero_point[0])]  # fmt: skip
        return ctx.layer(op, ctx.pick(SQRT_S16), SQRT_S16, params, [ctx.input(op), scales, ctx.output(op)])
    if op.kind is not OpKind.RSQRT:
        return unary_int.lower(ctx, op)
    multiplier, shift = _rsqrt_multiplier(ctx.graph, op)
    params = [("size", ctx.tensor(op.inputs[0]).num_elements), ("input_zero_point", 0), ("output_zero_point", 0),
              ("multiplier", multiplier), ("shift", shift), ("input_bytes", 2), ("output_bytes", 2),
              ("output_min", -32768), ("output_max", 32767)]  # fmt: skip
    return ctx.layer(op, ctx.pick(RSQRT_S16), RSQRT_S16, params, [ctx.input(op), ctx.output(op)])


def check_s8(graph: Graph, op: Op) -> None:
    expect_int8_same_shape(graph, op)
    s8_table(graph, op)


def litert_table(graph: Graph, op: Op) -> list[int]:
    """LiteRT's int8 EXP and LOG (exp.cc, elementwise.cc: a table populated as its lut.h does): the
    input dequantized, the float function (expf, logf as the host C library computes them), times
    1 / output scale, rounded half away from zero, plus the output zero point, clamped, every step
    in single precision. A log at or below zero (NaN, -inf) casts to INT32_MIN on LiteRT's host,
    so -128. NEG is its reference negate on the raw bytes: -x wrapped to int8, the scales and zero
    points not read (-(-128) is -128). TFLite Micro runs these three on float32 only."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if op.kind is OpKind.NEG:
        return [((-x + 128) % 256) - 128 for x in range(-128, 128)]
    function = _libm(LIBM[op.kind])
    si, zi = np.float32(inp.quant.scale[0]), int(inp.quant.zero_point[0])
    inverse, zo = np.float32(1.0) / np.float32(out.quant.scale[0]), np.float32(out.quant.zero_point[0])
    table = []
    with np.errstate(all="ignore"):
        for x in range(-128, 128):
            v = np.float32(np.float32(function(float(si * np.float32(x - zi)))) * inverse)
            if not np.isfinite(v):
                table.append(-128 if np.isnan(v) or v < 0 else 127)
                continue
            q = int(np.float32(round_half_away(float(v))) + zo)
            table.append(min(max(q, -128), 127))
    return table


def sqrt_table(graph: Graph, op: Op) -> list[int]:
    """LiteRT's int8 SQRT (SqrtEvalQuantized, as sqrt_s16_ref for int16): the input dequantized in
    single precision, sqrtf (correctly rounded), divided by the output scale and truncated toward
    zero, plus the output zero point, clamped. LiteRT stops its inference on a negative value; the
    table gives the output zero point there, as the int16 kernel does."""
    inp, out = graph.tensors[op.inputs[0]].quant, graph.tensors[op.outputs[0]].quant
    si, zi, so, zo = np.float32(inp.scale[0]), int(inp.zero_point[0]), np.float32(out.scale[0]), int(out.zero_point[0])
    table = []
    for x in range(-128, 128):
        v = si * np.float32(x - zi)
        q = int(np.float32(np.sqrt(v)) / so) if v > 0 else 0
        table.append(min(max(q + zo, -128), 127))
    return table


def s8_table(graph: Graph, op: Op) -> list[int]:
    if op.kind is OpKind.SQRT:
        return sqrt_table(graph, op)
    return rsqrt_table(graph, op) if op.kind is OpKind.RSQRT else litert_table(graph, op)


def lower_s8(ctx: LowerContext, op: Op) -> Layer:
    values = np.array(s8_table(ctx.graph, op), dtype=np.int8)
    lut = np.concatenate([values[128:], values[:128]])  # the table kernel's order: 0..127, then -128..-1
    args = [ctx.input(op), ctx.derived(op, "lut", "int8_t", lut), ctx.output(op)]
    return ctx.layer(op, ctx.pick(LUT), LUT, [("size", ctx.tensor(op.inputs[0]).num_elements)], args)


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    data = graph.tensors[op.inputs[0]].data
    if graph.tensors[op.inputs[0]].dtype is DType.INT8 and op.kind in S8_KINDS:
        return [np.array(s8_table(graph, op), dtype=np.int8)[data.astype(np.int64) + 128]]
    if graph.tensors[op.inputs[0]].dtype in unary_int.BYTES and op.kind in INT_KINDS:
        return [unary_int.values(op.kind, data)]
    if graph.tensors[op.inputs[0]].dtype is not DType.FLOAT32:
        return None
    return [_values(op.kind, data)]


def inplace(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """Each output element depends on its own input element only: over the input, no scratch."""
    return [(op.inputs[0], 0)]


def lower(ctx: LowerContext, op: Op) -> Layer:
    fam = FAMILY[op.kind]
    size = [("size", ctx.tensor(op.inputs[0]).num_elements)]
    picked = ctx.pick(fam)
    return ctx.layer(op, picked, fam, size, [ctx.input(op), ctx.output(op)])


CONTRACT = OpContract(
    # RSQRT 2: int8, 3: int16; EXP and LOG 2: int8 (LiteRT's; its NEG takes int8, int16 and int32 at
    # version 1); SIGN 1: float32, 2: int32; SQRT 2: int8 and int16 (LiteRT's; the converter writes 2)
    kinds={
        kind: Kind({OpKind.RSQRT: 3, OpKind.EXP: 2, OpKind.LOG: 2, OpKind.SIGN: 2, OpKind.SQRT: 2}.get(kind, 1), (1, 1))
        for kind in KINDS
    },
    forms={
        DType.FLOAT32: Form(check, lower, tuple(FAMILY.values()), inplace=inplace),
        DType.INT8: Form(check_s8, lower_s8, (LUT,), inplace=inplace, kinds=S8_KINDS),
        DType.INT16: Form(
            check_s16,
            lower_s16,
            (RSQRT_S16, unary_int.UNARY_INT, lut16.LUT16, SQRT_S16),
            inplace=inplace,
            kinds=(OpKind.RSQRT, OpKind.NEG, OpKind.EXP, OpKind.LOG, OpKind.SQRT),
        ),
        DType.INT32: Form(unary_int.check, unary_int.lower, (unary_int.UNARY_INT,), inplace=inplace, kinds=INT_KINDS),
        DType.INT64: Form(
            unary_int.check, unary_int.lower, (unary_int.UNARY_INT,), inplace=inplace, kinds=(OpKind.NEG,)
        ),  # fmt: skip
    },
    fold=fold,
)
