"""CUMSUM along a constant axis, exclusive or not, reversed or not: TFLite's CumSum, an accumulator
per row along the axis, added in the axis's order (or reversed), each output the sum before
(exclusive) or after adding its element. float32 sums from 0; int8 is TFLite Micro's quantized
CumSum, ADD_N's arithmetic (ops.add_n.scaled_sum), each output the running sum rescaled."""

from __future__ import annotations

import math

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.add_n import scaled_sum
from codegen.ops.common import (
    Layer,
    LowerContext,
    expect_constant,
    expect_dtype,
    expect_float,
    expect_quant,
    expect_same_shape,
    fail,
)
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

CUMSUM = family("CUMSUM float32", "rvfw_cumsum_params", "cumsum_f32", ("ref",), ("CUMSUM",))
CUMSUM_S8 = family("CUMSUM int8", "rvfw_cumsum_params", "cumsum_s8", ("ref",), ("CUMSUM",))
# int32: LiteRT's (TFLite Micro runs float32 and int8), wrapping
CUMSUM_S32 = family("CUMSUM int32", "rvfw_cumsum_params", "cumsum_s32", ("ref",), ("CUMSUM",))
CUMSUM_S64 = family("CUMSUM int64", "rvfw_cumsum_params", "cumsum_s64", ("ref",), ("CUMSUM",))


def _axis(graph: Graph, op: Op) -> int:
    rank = len(graph.tensors[op.inputs[0]].shape)
    axis = int(expect_constant(graph, op, op.inputs[1], "axis").data.reshape(-1)[0])
    if not -rank <= axis < rank:
        raise fail(graph, op, f"axis {axis} outside a rank-{rank} input")
    return axis % rank


def check(graph: Graph, op: Op) -> None:
    inp, out = expect_float(graph, op, skip=(1,))
    expect_same_shape(graph, op, inp, out)
    _axis(graph, op)


def check_s32(graph: Graph, op: Op) -> None:
    """int32, and int64 (LiteRT's)."""
    inp = graph.tensors[op.inputs[0]]
    out = expect_dtype(graph, op, op.outputs[0], "output", inp.dtype)
    expect_same_shape(graph, op, inp, out)
    _axis(graph, op)


def check_s8(graph: Graph, op: Op) -> None:
    inp = graph.tensors[op.inputs[0]]
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT8)
    expect_quant(graph, op, inp, "input")
    expect_quant(graph, op, out, "output")
    expect_same_shape(graph, op, inp, out)
    _axis(graph, op)
    scaled_sum(graph, op)


def lower(ctx: LowerContext, op: Op) -> Layer:
    shape = ctx.tensor(op.inputs[0]).shape
    axis = _axis(ctx.graph, op)
    flags = [("exclusive", int(op.options.get("exclusive", False))), ("reverse", int(op.options.get("reverse", False)))]
    params = [("outer", math.prod(shape[:axis])), ("axis_size", shape[axis]), ("inner", math.prod(shape[axis + 1 :])),
              *flags]  # fmt: skip
    if ctx.tensor(op.inputs[0]).dtype is DType.INT8:
        return ctx.layer(op, ctx.pick(CUMSUM_S8), CUMSUM_S8, [*params, *scaled_sum(ctx.graph, op)],
                         [ctx.input(op), ctx.output(op)])  # fmt: skip
    fam = {DType.INT32: CUMSUM_S32, DType.INT64: CUMSUM_S64}.get(ctx.tensor(op.inputs[0]).dtype, CUMSUM)
    return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), ctx.output(op)])


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    x = graph.tensors[op.inputs[0]]
    if x.dtype is not DType.FLOAT32:
        return None
    axis = _axis(graph, op)
    data = np.moveaxis(x.data.astype(np.float32), axis, -1)
    if op.options.get("reverse", False):
        data = data[..., ::-1]
    out = np.zeros_like(data)
    acc = np.zeros(data.shape[:-1], np.float32)
    for j in range(data.shape[-1]):
        if op.options.get("exclusive", False):
            out[..., j] = acc
            acc = (acc + data[..., j]).astype(np.float32)
        else:
            acc = (acc + data[..., j]).astype(np.float32)
            out[..., j] = acc
    if op.options.get("reverse", False):
        out = out[..., ::-1]
    return [np.moveaxis(out, -1, axis)]


CONTRACT = OpContract(
    kinds={OpKind.CUMSUM: Kind(1, (2, 2))},
    forms={
        DType.FLOAT32: Form(check, lower, (CUMSUM,)),
        DType.INT8: Form(check_s8, lower, (CUMSUM_S8,)),
        DType.INT32: Form(check_s32, lower, (CUMSUM_S32,)),
        DType.INT64: Form(check_s32, lower, (CUMSUM_S64,)),
    },
    fold=fold,
)
