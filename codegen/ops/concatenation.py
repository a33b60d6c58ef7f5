"""CONCATENATION, int8, any axis: one strided copy per input into its slice of the output (the
layer table shows one kernel call per input). Inputs and output share scale and zero point, so
bytes move unchanged; inputs with other quantisation are refused (they would need rescaling)."""

from __future__ import annotations

import math

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import (
    Layer,
    LowerContext,
    expect_activation,
    expect_dtype,
    expect_same_quant,
    fail,
    no_macs,
    not_in_place,
)
from codegen.ops.kernels import family

KINDS = (OpKind.CONCATENATION,)
COPY = family("CONCATENATION", "rvfw_copy_rows_params", "copy_rows_s8", ("ref",))
FAMILIES = (COPY,)
macs = no_macs
inplace = not_in_place


def axis(graph: Graph, op: Op) -> int:
    rank = len(graph.tensors[op.outputs[0]].shape)
    a = op.options["axis"]
    return a + rank if a < 0 else a


def check(graph: Graph, op: Op) -> None:
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT8)
    if expect_activation(graph, op) != "NONE":
        raise fail(graph, op, "a fused activation on CONCATENATION not supported")
    rank = len(out.shape)
    if not -rank <= op.options["axis"] < rank:
        raise fail(graph, op, f"axis {op.options['axis']} outside a rank-{rank} output")
    a = axis(graph, op)
    total = 0
    for position, i in enumerate(op.inputs):
        inp = expect_dtype(graph, op, i, f"input {position}", DType.INT8)
        expect_same_quant(graph, op, inp, out)
        if inp.is_constant:
            raise fail(graph, op, "constant inputs not supported")
        if len(inp.shape) != rank or any(d != o for k, (d, o) in enumerate(zip(inp.shape, out.shape)) if k != a):
            raise fail(graph, op, f"input {position} {list(inp.shape)} does not fit output {list(out.shape)}")
        total += inp.shape[a]
    if total != out.shape[a]:
        raise fail(graph, op, f"inputs add up to {total} along axis {a}, the output has {out.shape[a]}")


def lower(ctx: LowerContext, op: Op) -> list[Layer]:
    out = ctx.tensor(op.outputs[0])
    a = axis(ctx.graph, op)
    rows = math.prod(out.shape[:a])
    inner = math.prod(out.shape[a + 1 :])
    chosen = ctx.pick(COPY)
    layers, offset = [], 0
    for i in op.inputs:
        inp = ctx.tensor(i)
        row_bytes = inp.shape[a] * inner
        params = [("rows", rows), ("row_bytes", row_bytes), ("out_row_bytes", out.shape[a] * inner),
                  ("out_offset", offset)]  # fmt: skip
        args = [ctx.arena(i, "input"), ctx.output(op)]
        layers.append(ctx.layer(op, chosen, COPY, params, args))
        offset += row_bytes
    return layers
