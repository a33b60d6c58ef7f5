"""LOGICAL_AND and LOGICAL_OR of two bool tensors with TFLite's broadcasting, and LOGICAL_NOT, as
TFLite Micro's logical kernels compute them: a bool is one byte, 0 or 1 (a Keras LSTM's masking,
a WHILE loop's combined conditions)."""

from __future__ import annotations

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.binary import expect_broadcast, operand
from codegen.ops.broadcast import broadcast_layout
from codegen.ops.common import Layer, LowerContext, expect_dtype, expect_same_shape
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

BINARY = (OpKind.LOGICAL_AND, OpKind.LOGICAL_OR)
CODES = {OpKind.LOGICAL_AND: 0, OpKind.LOGICAL_OR: 1}  # rvfw_compare_params.comparison: the operation
LOGICAL = family("LOGICAL_AND / LOGICAL_OR bool", "rvfw_compare_params", "logical_b", ("ref",),
                 tuple(k.value for k in BINARY))  # fmt: skip
NOT = family("LOGICAL_NOT bool", "rvfw_lut_params", "logical_not_b", ("ref",), ("LOGICAL_NOT",))


def check(graph: Graph, op: Op) -> None:
    tensors = [expect_dtype(graph, op, t, f"input {k}", DType.BOOL) for k, t in enumerate(op.inputs)]
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.BOOL)
    if op.kind is OpKind.LOGICAL_NOT:
        expect_same_shape(graph, op, tensors[0], out)
    else:
        expect_broadcast(graph, op, tensors[0], tensors[1], out)


def fold(graph: Graph, op: Op) -> list[np.ndarray]:
    values = [graph.tensors[t].data.astype(np.bool_) for t in op.inputs]
    if op.kind is OpKind.LOGICAL_NOT:
        return [np.logical_not(values[0])]
    return [(np.logical_and if op.kind is OpKind.LOGICAL_AND else np.logical_or)(*values)]


def lower(ctx: LowerContext, op: Op) -> Layer:
    if op.kind is OpKind.LOGICAL_NOT:
        size = [("size", ctx.tensor(op.inputs[0]).num_elements)]
        return ctx.layer(op, ctx.pick(NOT), NOT, size, [operand(ctx, op, 0), ctx.output(op)])
    a, b, out = (ctx.tensor(t) for t in (*op.inputs[:2], op.outputs[0]))
    params = [*broadcast_layout(a.shape, b.shape, out.shape), ("comparison", CODES[op.kind])]
    return ctx.layer(op, ctx.pick(LOGICAL), LOGICAL, params, [operand(ctx, op, 0), operand(ctx, op, 1), ctx.output(op)])


CONTRACT = OpContract(
    kinds={
        OpKind.LOGICAL_AND: Kind(1, (2, 2)),
        OpKind.LOGICAL_OR: Kind(1, (2, 2)),
        OpKind.LOGICAL_NOT: Kind(1, (1, 1)),
    },
    forms={DType.BOOL: Form(check, lower, (LOGICAL, NOT))},
    fold=fold,
)
