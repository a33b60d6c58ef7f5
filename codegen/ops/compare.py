"""Comparisons with TFLite's broadcasting: EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER,
GREATER_EQUAL of two int32, float32 or int8 tensors (EQUAL and NOT_EQUAL of two bool ones too)
into a bool tensor (a WHILE loop's condition compares its counter with the trip count), as TFLite
Micro's comparison kernels compute them. int8 inputs are compared rescaled to a common scale, as
TFLite Micro does (`rescaled`): each input's 256 rescaled values are a build-time table.

int16 comparisons are LiteRT's (TFLite Micro's GREATER is known wrong, all false, and it stops on
the others): LiteRT's reference compares the raw values for the orderings but rescales EQUAL and
NOT_EQUAL as int8's (measured: with different scales the two differ), so those two rescale per
element (an int16 table would take 256 KB)."""

from __future__ import annotations

import numpy as np

from codegen.fixedpoint import rounding_divide_by_pot, srdhm
from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.binary import expect_broadcast, operand
from codegen.ops.broadcast import broadcast_layout
from codegen.ops.common import Layer, LowerContext, expect_dtype, expect_quant, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import Need, family, lanes
from codegen.quant import quantize_multiplier

MIN_VECTOR_RUN = 4  # the RVV kernels' shortest innermost run; shorter ones run the fast scalar kernel
KINDS = (OpKind.EQUAL, OpKind.NOT_EQUAL, OpKind.LESS, OpKind.LESS_EQUAL, OpKind.GREATER, OpKind.GREATER_EQUAL)
# The kernel's comparison code (rvfw_compare_params.comparison) and numpy's form of it.
CODES = {kind: k for k, kind in enumerate(KINDS)}
NUMPY = dict(zip(KINDS, (np.equal, np.not_equal, np.less, np.less_equal, np.greater, np.greater_equal)))
# A WHILE loop's counter check: the vector set-up costs more than it saves on short runs.
LONG_RUNS = Need("innermost_run", minimum=MIN_VECTOR_RUN, why="runs of {value} element(s)")
S32 = family("comparison int32", "rvfw_compare_params", "compare_s32", ("ref", "scalar", "rvv"),
             tuple(k.value for k in KINDS), needs={"rvv": LONG_RUNS})  # fmt: skip
F32 = family("comparison float32", "rvfw_compare_params", "compare_f32", ("ref", "scalar", "rvv"),
             tuple(k.value for k in KINDS), needs={"rvv": (LONG_RUNS, lanes("f32"))})  # fmt: skip
# bool: TFLite Micro's EQUAL and NOT_EQUAL take bool tensors too (bytes 0 or 1).
BOOL_KINDS = (OpKind.EQUAL, OpKind.NOT_EQUAL)
B = family("comparison bool", "rvfw_compare_params", "compare_b", ("ref",), tuple(k.value for k in BOOL_KINDS))
# int16 as LiteRT's reference kernels: the orderings on the raw values, EQUAL and NOT_EQUAL rescaled.
ORDERINGS = (OpKind.LESS, OpKind.LESS_EQUAL, OpKind.GREATER, OpKind.GREATER_EQUAL)
S16 = family("comparison int16", "rvfw_compare_params", "compare_s16", ("ref",), tuple(k.value for k in ORDERINGS))
S16_RESCALED = family("comparison int16, rescaled", "rvfw_compare_params", "compare_rescaled_s16", ("ref",),
                      tuple(k.value for k in BOOL_KINDS))  # fmt: skip
# int64: the raw values (LiteRT's reference; TFLite Micro's kernels compare them so too, though its
# operator table, ops.tflm_set, does not list the pair)
S64 = family("comparison int64", "rvfw_compare_params", "compare_s64", ("ref",), tuple(k.value for k in KINDS))
MAX_RIGHT_SHIFT = 31  # TFLite's rounding divide by a power of two takes exponents up to 31
S8 = family("comparison int8", "rvfw_compare_params", "compare_s8", ("ref",), tuple(k.value for k in KINDS))
LEFT_SHIFT = 8  # TFLite Micro's comparisons shift (value - zero point) left 8 before rescaling


def rescaled(values: np.ndarray, scale: float, zero_point: int) -> np.ndarray:
    """TFLite Micro's int8 comparison operand: ((v - zero_point) << 8) times the scale as a Q31
    multiplier below one (QuantizeMultiplierSmallerThanOneExp, then
    MultiplyByQuantizedMultiplierSmallerThanOneExp: a rounding doubling high multiply, then a
    rounding right shift)."""
    multiplier, shift = quantize_multiplier(float(np.float32(scale)))
    return np.array([rounding_divide_by_pot(srdhm((int(v) - zero_point) * (1 << LEFT_SHIFT), multiplier), -shift)
                     for v in values.reshape(-1)], dtype=np.int64).reshape(values.shape)  # fmt: skip


def check(graph: Graph, op: Op) -> None:
    a = graph.tensors[op.inputs[0]]
    b = expect_dtype(graph, op, op.inputs[1], "input 1", a.dtype)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.BOOL)
    expect_broadcast(graph, op, a, b, out)
    if a.dtype is DType.INT8 or (a.dtype is DType.INT16 and op.kind in BOOL_KINDS):
        for position, t in enumerate((a, b)):
            expect_quant(graph, op, t, f"input {position}")
            scale = t.quant.scale[0]
            if not 0.0 < float(np.float32(scale)) < 1.0:  # TFLite Micro's rescaling takes scales below one only
                raise fail(graph, op, f"input {position} scale {scale:g} not below 1 (TFLite Micro requires it)")
            if -quantize_multiplier(float(np.float32(scale)))[1] > MAX_RIGHT_SHIFT:
                raise fail(graph, op, f"input {position} scale {scale:g} too small to rescale (a shift past 31)")


def _keys(graph: Graph, op: Op) -> tuple[np.ndarray, np.ndarray]:
    """The rescaled value of every int8 value of each input."""
    every = np.arange(-128, 128)
    quants = [graph.tensors[t].quant for t in op.inputs[:2]]
    return tuple(rescaled(every, q.scale[0], q.zero_point[0]) for q in quants)  # type: ignore[return-value]


def fold(graph: Graph, op: Op) -> list[np.ndarray]:
    a, b = (graph.tensors[t].data for t in op.inputs[:2])
    dtype = graph.tensors[op.inputs[0]].dtype
    if dtype is DType.INT8:
        keys_a, keys_b = _keys(graph, op)
        a, b = keys_a[a.astype(np.int64) + 128], keys_b[b.astype(np.int64) + 128]
    elif dtype is DType.INT16 and op.kind in BOOL_KINDS:
        a, b = (
            rescaled(v, q.scale[0], q.zero_point[0])
            for v, q in ((a, graph.tensors[op.inputs[0]].quant), (b, graph.tensors[op.inputs[1]].quant))
        )
    return [NUMPY[op.kind](a, b).astype(np.bool_)]


def lower(ctx: LowerContext, op: Op) -> Layer:
    a, b, out = (ctx.tensor(t) for t in (*op.inputs[:2], op.outputs[0]))
    params = [*broadcast_layout(a.shape, b.shape, out.shape), ("comparison", CODES[op.kind])]
    operands = [operand(ctx, op, 0), operand(ctx, op, 1)]
    if a.dtype is DType.BOOL:
        return ctx.layer(op, ctx.pick(B), B, params, [*operands, ctx.output(op)])
    if a.dtype is DType.INT16 and op.kind in BOOL_KINDS:
        rescale = []
        for t in (a, b):
            multiplier, shift = quantize_multiplier(float(np.float32(t.quant.scale[0])))
            rescale += [t.quant.zero_point[0], multiplier, -shift]
        table = ctx.derived(op, "rescale", "int32_t", np.array(rescale, dtype=np.int32))
        return ctx.layer(op, ctx.pick(S16_RESCALED), S16_RESCALED, params, [*operands, table, ctx.output(op)])
    if a.dtype in (DType.INT16, DType.INT64):
        fam = S16 if a.dtype is DType.INT16 else S64
        return ctx.layer(op, ctx.pick(fam), fam, params, [*operands, ctx.output(op)])
    if a.dtype is DType.INT8:
        keys = ctx.derived(op, "keys", "int32_t", np.concatenate(_keys(ctx.graph, op)).astype(np.int32))
        return ctx.layer(op, ctx.pick(S8), S8, params, [*operands, keys, ctx.output(op)])
    fam = S32 if a.dtype is DType.INT32 else F32
    chosen = ctx.pick(fam, {"innermost_run": dict(params)["dims"][-1]})
    return ctx.layer(op, chosen, fam, params, [*operands, ctx.output(op)])


CONTRACT = OpContract(
    # The versions LiteRT's converter writes (its op_version): 2 int8; int16 3 for LESS and
    # GREATER_EQUAL, 4 for EQUAL and NOT_EQUAL (EQUAL 3 is string, refused by dtype)
    kinds={kind: Kind(4 if kind in BOOL_KINDS else 3, (2, 2)) for kind in KINDS},
    forms={
        DType.INT8: Form(check, lower, (S8,)),
        DType.INT16: Form(check, lower, (S16, S16_RESCALED)),
        DType.INT32: Form(check, lower, (S32,)),
        DType.INT64: Form(check, lower, (S64,)),
        DType.FLOAT32: Form(check, lower, (F32,)),
        DType.BOOL: Form(check, lower, (B,), kinds=BOOL_KINDS),
    },
    fold=fold,
)
