"""SHAPE: a tensor's shape as an int32 (or int64) vector. Every shape rvfw compiles is static, so
SHAPE is folded to a constant when the model is read (passes.simplify.fold_constants, which folds
it whatever its input: `FOLDS_ANY_INPUT`), and what reads it (STRIDED_SLICE, PACK, RESHAPE in
PyTorch and ONNX exports) folds after it. No kernel, unless the model returns the shape: then one
copy from flash writes it (movement.lower_known_output)."""

from __future__ import annotations

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_dtype
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.movement import COPY, lower_known_output


def fold(graph: Graph, op: Op) -> list[np.ndarray]:
    out = graph.tensors[op.outputs[0]]
    return [np.asarray(graph.tensors[op.inputs[0]].shape, dtype=out.dtype.np_type)]


def check(graph: Graph, op: Op) -> None:
    """Reached only where the model returns the shape (fold leaves graph outputs)."""
    expect_dtype(graph, op, op.outputs[0], "output", DType.INT32, DType.INT64)


def lower(ctx: LowerContext, op: Op) -> Layer:
    return lower_known_output(ctx, op, fold(ctx.graph, op)[0])


CONTRACT = OpContract(
    kinds={
        OpKind.SHAPE: Kind(1, (1, 1)),
    },
    forms={None: Form(check, lower, (COPY,))},
    fold=fold,
    folds_any_input=True,  # its output depends on the input's shape, never on its values
)
