"""RESHAPE, SQUEEZE and EXPAND_DIMS: views of their input's bytes. No kernel call and no arena space
(see planner.analysis)."""

from __future__ import annotations

import numpy as np

from codegen.ir import Graph, Op, OpKind
from codegen.ops.common import LowerContext, fail
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


def lower(ctx: LowerContext, op: Op) -> None:
    return None


CONTRACT = OpContract(
    kinds={
        OpKind.RESHAPE: Kind(1, (1, 2), optional=frozenset({1})),
        OpKind.SQUEEZE: Kind(1, (1, 1)),
        OpKind.EXPAND_DIMS: Kind(1, (2, 2)),
    },
    forms={None: Form(check, lower, ())},
    fold=fold,
)
