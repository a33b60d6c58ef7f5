"""SELECT_V2 (and SELECT): out[i] = cond[i] ? x[i] : y[i] for a bool condition and two tensors of
one dtype, any dtype, bytes copied unchanged as TFLite Micro's select kernel copies them (an
attention mask). Operands of the output's shape; a broadcast operand is refused in one line."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.binary import operand
from codegen.ops.common import Layer, LowerContext, expect_dtype, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

SELECT = family("SELECT_V2 (any dtype)", "rvfw_select_params", "select", ("ref",), ("SELECT_V2", "SELECT"))


def check(graph: Graph, op: Op) -> None:
    cond = expect_dtype(graph, op, op.inputs[0], "condition", DType.BOOL)
    x, y, out = (graph.tensors[t] for t in (*op.inputs[1:3], op.outputs[0]))
    if not (x.dtype == y.dtype == out.dtype):
        raise fail(
            graph, op, f"{x.dtype.name.lower()} and {y.dtype.name.lower()} operands, a {out.dtype.name.lower()} output"
        )
    for role, t in (("condition", cond), ("x", x), ("y", y)):
        if tuple(t.shape) != tuple(out.shape):
            raise fail(graph, op, f"a broadcast {role} {list(t.shape)} to {list(out.shape)} not supported")


def fold(graph: Graph, op: Op) -> list[np.ndarray]:
    cond, x, y = (graph.tensors[t].data for t in op.inputs[:3])
    return [np.where(cond.astype(np.bool_), x, y)]


def lower(ctx: LowerContext, op: Op) -> Layer:
    out = ctx.tensor(op.outputs[0])
    params = [("size", out.num_elements), ("elem_size", out.dtype.size)]
    as_bytes = [replace(operand(ctx, op, k), c_type="int8_t") for k in range(3)]
    return ctx.layer(op, ctx.pick(SELECT), SELECT, params, [*as_bytes, replace(ctx.output(op), c_type="int8_t")])


CONTRACT = OpContract(
    kinds={OpKind.SELECT_V2: Kind(2, (3, 3))},
    forms={None: Form(check, lower, (SELECT,))},
    fold=fold,
)
