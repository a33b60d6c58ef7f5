"""ARG_MAX and ARG_MIN over one axis of an int8 or float32 tensor: the index of the first largest (smallest)
raw value, as TFLite Micro compares, written as int32 (TFLite Micro refuses int64 indices; the
kernel writes either)."""

from __future__ import annotations

import math
from dataclasses import replace

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_constant, expect_dtype, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

ARG = family("ARG_MAX/ARG_MIN", "rvfw_arg_params", "arg_minmax_s8", ("ref",))
ARG_F32 = family("ARG_MAX/ARG_MIN float32", "rvfw_arg_params", "arg_minmax_f32", ("ref",))
# int32 and bool inputs: LiteRT's (TFLite Micro takes int8 and float32); bools (0 or 1) as int8 bytes
ARG_S32 = family("ARG_MAX/ARG_MIN int32", "rvfw_arg_params", "arg_minmax_s32", ("ref",))


def axis(graph: Graph, op: Op) -> int:
    rank = len(graph.tensors[op.inputs[0]].shape)
    return int(graph.tensors[op.inputs[1]].data.reshape(-1)[0]) % rank


def check(graph: Graph, op: Op) -> None:
    inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT8, DType.FLOAT32, DType.INT32, DType.BOOL)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT32)
    expect_dtype(graph, op, op.inputs[1], "axis", DType.INT32, DType.INT64)
    axis_tensor = expect_constant(graph, op, op.inputs[1], "axis")
    if inp.is_constant:
        raise fail(graph, op, "a constant input not supported")
    rank = len(inp.shape)
    if axis_tensor.num_elements != 1 or not -rank <= int(axis_tensor.data.reshape(-1)[0]) < rank:
        raise fail(graph, op, f"the axis must be one value in [-{rank}, {rank})")
    a = axis(graph, op)
    expected = inp.shape[:a] + inp.shape[a + 1 :]
    if math.prod(out.shape) != math.prod(expected):
        raise fail(graph, op, f"output {list(out.shape)} is not the input without axis {a} {list(expected)}")


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    a = axis(ctx.graph, op)
    params = [("outer", math.prod(inp.shape[:a])), ("axis_size", inp.shape[a]),
              ("inner", math.prod(inp.shape[a + 1 :])), ("index_bytes", out.dtype.size),
              ("is_max", int(op.kind is OpKind.ARG_MAX))]  # fmt: skip
    args = [
        replace(ctx.input(op), c_type="int8_t") if inp.dtype is DType.BOOL else ctx.input(op),
        replace(ctx.output(op), c_type="void"),
    ]
    fam = {DType.FLOAT32: ARG_F32, DType.INT32: ARG_S32}.get(inp.dtype, ARG)
    return ctx.layer(op, ctx.pick(fam), fam, params, args)


CONTRACT = OpContract(
    kinds={
        OpKind.ARG_MAX: Kind(3, (2, 2)),
        OpKind.ARG_MIN: Kind(3, (2, 2)),
    },
    forms={None: Form(check, lower, (ARG, ARG_F32, ARG_S32))},
)
