"""SELECT_V2 (and SELECT): out[i] = cond[i] ? x[i] : y[i] for a bool condition and two tensors of
one dtype, any dtype, bytes copied unchanged as TFLite Micro's select kernel copies them (an
attention mask). Operands of the output's shape run one flat loop; any of them broadcast (a
per-row condition, a scalar) run TFLite Micro's broadcast select (up to 6 dimensions)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.binary import operand
from codegen.ops.common import Layer, LowerContext, expect_dtype, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

SELECT = family("SELECT_V2 (any dtype)", "rvfw_select_params", "select", ("ref",), ("SELECT_V2", "SELECT"))
SELECT_BROADCAST = family("SELECT_V2 with broadcasting (any dtype)", "rvfw_select_broadcast_params",
                          "select_broadcast", ("ref",), ("SELECT_V2", "SELECT"))  # fmt: skip
MAX_DIMS = 6


def check(graph: Graph, op: Op) -> None:
    cond = expect_dtype(graph, op, op.inputs[0], "condition", DType.BOOL)
    x, y, out = (graph.tensors[t] for t in (*op.inputs[1:3], op.outputs[0]))
    if not (x.dtype == y.dtype == out.dtype):
        raise fail(
            graph, op, f"{x.dtype.name.lower()} and {y.dtype.name.lower()} operands, a {out.dtype.name.lower()} output"
        )
    if len(out.shape) > MAX_DIMS:
        raise fail(graph, op, f"rank {len(out.shape)} (up to {MAX_DIMS} supported)")
    for role, t in (("condition", cond), ("x", x), ("y", y)):
        if len(t.shape) > len(out.shape) or any(
                d not in (1, o) for d, o in zip(t.shape[::-1], out.shape[::-1])):  # fmt: skip
            raise fail(graph, op, f"{role} {list(t.shape)} does not broadcast to the output {list(out.shape)}")


def fold(graph: Graph, op: Op) -> list[np.ndarray]:
    cond, x, y = (graph.tensors[t].data for t in op.inputs[:3])
    out = graph.tensors[op.outputs[0]]
    return [np.broadcast_to(np.where(cond.astype(np.bool_), x, y), out.shape).copy()]


def _strides(shape: tuple[int, ...], out: tuple[int, ...]) -> list[int]:
    """Element strides of an operand over the output's 6 dimensions (leading 1s), 0 where broadcast."""
    shape = (1,) * (MAX_DIMS - len(shape)) + tuple(shape)
    out = (1,) * (MAX_DIMS - len(out)) + tuple(out)
    strides, step = [], 1
    for d, o in zip(reversed(shape), reversed(out)):
        strides.insert(0, step if d == o else 0)
        step *= d
    return strides


def lower(ctx: LowerContext, op: Op) -> Layer:
    out = ctx.tensor(op.outputs[0])
    as_bytes = [replace(operand(ctx, op, k), c_type="int8_t") for k in range(3)]
    args = [*as_bytes, replace(ctx.output(op), c_type="int8_t")]
    shapes = [tuple(ctx.tensor(t).shape) for t in op.inputs[:3]]
    if all(s == tuple(out.shape) for s in shapes):
        params = [("size", out.num_elements), ("elem_size", out.dtype.size)]
        return ctx.layer(op, ctx.pick(SELECT), SELECT, params, args)
    dims = [1] * (MAX_DIMS - len(out.shape)) + list(out.shape)
    strides = [(f"{name}_strides", _strides(s, out.shape)) for name, s in zip(("cond", "x", "y"), shapes)]
    params = [("dims", dims), *strides, ("elem_size", out.dtype.size)]
    return ctx.layer(op, ctx.pick(SELECT_BROADCAST), SELECT_BROADCAST, params, args)


CONTRACT = OpContract(
    kinds={OpKind.SELECT_V2: Kind(2, (3, 3))},
    forms={None: Form(check, lower, (SELECT, SELECT_BROADCAST))},
    fold=fold,
)
