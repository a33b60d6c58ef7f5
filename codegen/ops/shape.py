"""SHAPE: a tensor's shape as an int32 (or int64) vector. Every shape rvfw compiles is static, so
SHAPE is folded to a constant when the model is read (passes.simplify.fold_constants, which folds
it whatever its input: `FOLDS_ANY_INPUT`), and what reads it (STRIDED_SLICE, PACK, RESHAPE in
PyTorch and ONNX exports) folds after it. No kernel."""

from __future__ import annotations

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import LowerContext, expect_dtype, fail
from codegen.ops.contract import Form, Kind, OpContract


def fold(graph: Graph, op: Op) -> list[np.ndarray]:
    out = graph.tensors[op.outputs[0]]
    return [np.asarray(graph.tensors[op.inputs[0]].shape, dtype=out.dtype.np_type)]


def check(graph: Graph, op: Op) -> None:
    expect_dtype(graph, op, op.outputs[0], "output", DType.INT32, DType.INT64)
    raise fail(graph, op, "left unfolded (its output is a graph output): not supported")


def lower(ctx: LowerContext, op: Op) -> None:
    return None


CONTRACT = OpContract(
    kinds={
        OpKind.SHAPE: Kind(1, (1, 1)),
    },
    forms={None: Form(check, lower, ())},
    fold=fold,
    folds_any_input=True,  # its output depends on the input's shape, never on its values
)
