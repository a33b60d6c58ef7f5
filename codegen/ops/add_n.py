"""ADD_N of float32 tensors of one shape: TFLite Micro's AddN sums each element from 0 in input
order, 0 + x0 + x1 + ... + xn. Lowered onto the float32 ADD kernel, one call per term: the output
first takes x0 plus a broadcast 0 (so a -0.0 becomes +0.0 as the sum from 0 makes it), then each
further input is added to it in place. Every element is read before it is written, so the output
may be an operand of its own call. Only overflow to infinity differs: the ADD kernel's clamp at
the float range, which TFLite Micro's AddN does not apply (it never happens on finite sums below
3.4e38)."""

from __future__ import annotations

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.binary import F32, operand
from codegen.ops.broadcast import broadcast_layout
from codegen.ops.common import Layer, LowerContext, expect_float, expect_same_shape, fail, float_activation
from codegen.ops.contract import Form, Kind, OpContract

ADD = F32[OpKind.ADD]


def check(graph: Graph, op: Op) -> None:
    inp, out = expect_float(graph, op)
    for position, t in enumerate(op.inputs):
        expect_same_shape(graph, op, graph.tensors[t], out)
        if position and graph.tensors[t].dtype is not DType.FLOAT32:
            raise fail(graph, op, f"input {position} is not float32")


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    if graph.tensors[op.outputs[0]].dtype is not DType.FLOAT32:
        return None
    total = np.zeros(graph.tensors[op.outputs[0]].shape, np.float32)
    for t in op.inputs:
        total = (total + graph.tensors[t].data.astype(np.float32)).astype(np.float32)
    return [total]


def lower(ctx: LowerContext, op: Op) -> list[Layer]:
    out = ctx.tensor(op.outputs[0])
    picked = ctx.pick(ADD, *ctx.vector_needs("f32"))
    clamp = float_activation(ctx, op, "NONE")
    zero = ctx.derived(op, "zero", "float", np.zeros(1, np.float32))
    layers = [ctx.layer(op, picked, ADD, broadcast_layout(out.shape, (1,), out.shape),
                        [operand(ctx, op, 0), zero, clamp, ctx.output(op)])]  # fmt: skip
    same = broadcast_layout(out.shape, out.shape, out.shape)
    for position in range(1, len(op.inputs)):
        args = [ctx.output(op), operand(ctx, op, position), clamp, ctx.output(op)]
        layers.append(ctx.layer(op, picked, ADD, same, args))
    return layers


CONTRACT = OpContract(
    kinds={OpKind.ADD_N: Kind(1, (1, 1 << 16))},
    forms={DType.FLOAT32: Form(check, lower, (ADD,))},
    fold=fold,
)
