"""ZEROS_LIKE and FILL: tensors whose values are known at build time (shapes are static), computed
by passes.simplify and stored as constants: no kernel runs. ZEROS_LIKE's zeros do not depend on its
input's values; FILL's value must be a constant (a FILL of a value computed on the device is refused
in one line). Where the model returns the known values, one copy from flash writes its output
(movement.lower_known_output)."""

from __future__ import annotations

import numpy as np

from codegen.ir import Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.movement import COPY, lower_known_output


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


def check(graph: Graph, op: Op) -> None:
    """Reached where fold left the op: its output is a graph output, or its value is computed."""
    if fold(graph, op) is None:
        raise fail(graph, op, "a value or shape computed on the device not supported (rvfw folds FILL at build time)")


def lower(ctx: LowerContext, op: Op) -> Layer:
    values = fold(ctx.graph, op)
    assert values is not None, "refused by check"
    return lower_known_output(ctx, op, values[0])


CONTRACT = OpContract(
    kinds={OpKind.ZEROS_LIKE: Kind(1, (1, 1)), OpKind.FILL: Kind(2, (2, 2))},
    forms={None: Form(check, lower, (COPY,))},
    fold=fold,
    folds_any_input=True,
)
