"""SHAPE: a tensor's shape as an int32 (or int64) vector; BROADCAST_ARGS: the broadcast shape of
two constant shapes. Every shape rvfw compiles is static, so
SHAPE is folded to a constant when the model is read (passes.simplify.fold_constants, which folds
it whatever its input: `FOLDS_ANY_INPUT`), and what reads it (STRIDED_SLICE, PACK, RESHAPE in
PyTorch and ONNX exports) folds after it. No kernel, unless the model returns the shape: then one
copy from flash writes it (movement.lower_known_output)."""

from __future__ import annotations

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.broadcast import broadcast_shape
from codegen.ops.common import Layer, LowerContext, expect_dtype, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.movement import COPY, lower_known_output


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    out = graph.tensors[op.outputs[0]]
    if op.kind is OpKind.BROADCAST_ARGS:  # two constant shapes: their broadcast shape
        a, b = (graph.tensors[t] for t in op.inputs[:2])
        if not (a.is_constant and b.is_constant):
            return None
        shape = broadcast_shape(tuple(int(d) for d in a.data.reshape(-1)), tuple(int(d) for d in b.data.reshape(-1)))
        return None if shape is None else [np.asarray(shape, dtype=out.dtype.np_type)]
    return [np.asarray(graph.tensors[op.inputs[0]].shape, dtype=out.dtype.np_type)]


def check(graph: Graph, op: Op) -> None:
    """Reached only where the model returns the shape (fold leaves graph outputs), or where a
    BROADCAST_ARGS reads a shape computed on the device."""
    expect_dtype(graph, op, op.outputs[0], "output", DType.INT32, DType.INT64)
    if fold(graph, op) is None:
        raise fail(graph, op, "shapes that are not constants, or that do not broadcast, not supported")


def lower(ctx: LowerContext, op: Op) -> Layer:
    values = fold(ctx.graph, op)
    assert values is not None, "refused by check"
    return lower_known_output(ctx, op, values[0])


CONTRACT = OpContract(
    kinds={
        OpKind.SHAPE: Kind(1, (1, 1)),
        OpKind.BROADCAST_ARGS: Kind(1, (2, 2)),
    },
    forms={None: Form(check, lower, (COPY,))},
    fold=fold,
    folds_any_input=True,  # its output depends on the input's shape, never on its values
)
