"""ZEROS_LIKE and FILL: tensors whose values are known at build time (shapes are static), computed
by passes.simplify and stored as constants: no kernel runs. ZEROS_LIKE's zeros do not depend on its
input's values. A FILL of a value computed on the device (its shape constant) is one strided copy
of that element to every output element (strides 0: movement's COPY kernel), the value's bytes as
they are, int8 included (version 3), as TFLite Micro copies them. Where the model returns known
values, one copy from flash writes its output (movement.lower_known_output)."""

from __future__ import annotations

import numpy as np

from codegen.ir import Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.movement import COPY, lower_known_output, strided_form


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    out = graph.tensors[op.outputs[0]]
    if op.kind is OpKind.ZEROS_LIKE:
        return [np.zeros(out.shape, dtype=out.dtype.np_type)]
    dims, value = (graph.tensors[t] for t in op.inputs[:2])
    if not (dims.is_constant and value.is_constant) or value.num_elements != 1:
        return None
    if tuple(int(d) for d in dims.data.reshape(-1)) != tuple(out.shape) or value.dtype != out.dtype:
        return None
    return [np.full(out.shape, value.data.reshape(-1)[0], dtype=out.dtype.np_type)]


def _computed_value(graph: Graph, op: Op) -> bool:
    """A FILL of one element computed on the device into a constant shape."""
    if op.kind is not OpKind.FILL:
        return False
    dims, value, out = (graph.tensors[t] for t in (*op.inputs[:2], op.outputs[0]))
    return (dims.is_constant and not value.is_constant and value.num_elements == 1 and value.dtype == out.dtype
            and tuple(int(d) for d in dims.data.reshape(-1)) == tuple(out.shape))  # fmt: skip


def check(graph: Graph, op: Op) -> None:
    """Reached where fold left the op: its output is a graph output, or its value is computed."""
    if fold(graph, op) is None and not _computed_value(graph, op):
        raise fail(graph, op, "a shape computed on the device not supported (rvfw's shapes are static)")


def lower(ctx: LowerContext, op: Op) -> Layer:
    values = fold(ctx.graph, op)
    if values is not None:
        return lower_known_output(ctx, op, values[0])
    out = ctx.tensor(op.outputs[0])
    size = out.dtype.size
    dims, strides, offset = strided_form(np.zeros(out.shape, np.int64))  # every element copies element 0
    params = [("dims", dims), ("strides", [s * size for s in strides]), ("offset", offset * size), ("elem_size", size)]
    return ctx.layer(op, ctx.pick(COPY, {"element_size": size}), COPY, params, [ctx.input(op, 1), ctx.output(op)])


CONTRACT = OpContract(
    kinds={OpKind.ZEROS_LIKE: Kind(1, (1, 1)), OpKind.FILL: Kind(3, (2, 2))},
    forms={None: Form(check, lower, (COPY,))},
    fold=fold,
    folds_any_input=True,
)
