"""RESHAPE, SQUEEZE and EXPAND_DIMS: the same bytes under another shape. Declared as a view of the
input (no kernel call, no arena space); where the planner could not take the view (planner.views:
sharing would let a later write clobber bytes a reader still needs) the bytes are copied."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen.ir import Graph, Op, OpKind
from codegen.memplan import View
from codegen.ops.common import Layer, LowerContext, fail
from codegen.ops.concatenation import COPY
from codegen.ops.contract import Form, Kind, OpContract


def check(graph: Graph, op: Op) -> None:
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if inp.nbytes != out.nbytes or inp.dtype != out.dtype:
        raise fail(graph, op, f"{list(inp.shape)} -> {list(out.shape)} changes the number of bytes")
    if inp.is_constant:
        raise fail(graph, op, "reshaping a constant tensor not supported")


def fold(graph: Graph, op: Op) -> list[np.ndarray]:
    """A constant input: the same bytes, reshaped (passes.simplify)."""
    return [graph.tensors[op.inputs[0]].data]


def views(graph: Graph, op: Op) -> list[View]:
    return [View(op.outputs[0], op.inputs[0], 0)]


def lower(ctx: LowerContext, op: Op) -> Layer | None:
    if ctx.is_view(op, op.outputs[0]):
        return None
    nbytes = ctx.tensor(op.outputs[0]).nbytes
    params = [("rows", 1), ("row_bytes", nbytes), ("out_row_bytes", nbytes), ("out_offset", 0)]
    args = [replace(ctx.input(op), c_type="int8_t"), replace(ctx.output(op), c_type="int8_t")]
    return ctx.layer(op, ctx.pick(COPY), COPY, params, args)


CONTRACT = OpContract(
    kinds={
        OpKind.RESHAPE: Kind(1, (1, 2), optional=frozenset({1})),
        OpKind.SQUEEZE: Kind(1, (1, 1)),
        OpKind.EXPAND_DIMS: Kind(1, (2, 2)),
    },
    forms={None: Form(check, lower, (COPY,), views=views)},
    fold=fold,
)
