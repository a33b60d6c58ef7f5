"""ABS, NEG and SIGN on int16 and int32 activations (NEG on int64 too), which LiteRT's reference runs and TFLite Micro
does not (ops.tflm_set.LITERT_ONLY_PAIRS, LITERT_ONLY): two's complement wrapping (ABS and NEG of
the most negative value give it back), SIGN -1, 0 or 1. The tensors carry no quantisation LiteRT
reads for these: the raw values are the arithmetic's. One kernel (unary_int_ref) for the three ops
and both widths; the op modules (activation: ABS, elementwise: NEG, SIGN) lower to it here."""

from __future__ import annotations

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_dtype, expect_same_shape, fail
from codegen.ops.kernels import family

UNARY_INT = family("ABS/NEG/SIGN int16 and int32", "rvfw_unary_int_params", "unary_int", ("ref",),
                   ("ABS", "NEG", "SIGN"))  # fmt: skip
CODES = {OpKind.ABS: 0, OpKind.NEG: 1, OpKind.SIGN: 2}  # RVFW_UNARY_* in rvfw_kernels.h
BYTES = {DType.INT16: 2, DType.INT32: 4, DType.INT64: 8}  # int64: NEG only (LiteRT's set)


def check(graph: Graph, op: Op) -> None:
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if op.kind not in CODES or (inp.dtype is DType.INT64 and op.kind is not OpKind.NEG):
        raise fail(graph, op, f"{inp.dtype.name.lower()} input not supported")
    expect_dtype(graph, op, op.outputs[0], "output", inp.dtype)
    expect_same_shape(graph, op, inp, out)


def values(kind: OpKind, x: np.ndarray) -> np.ndarray:
    """The kernel's arithmetic on numpy integers (a constant input folds with it)."""
    if x.dtype == np.int64:  # NEG: wrapped in 64 bits
        return (np.uint64(0) - x.astype(np.uint64)).view(np.int64)
    wide = x.astype(np.int64)
    if kind is OpKind.SIGN:
        result = np.sign(wide)
    elif kind is OpKind.NEG:
        result = -wide
    else:
        result = np.abs(wide)
    bits = 8 * x.dtype.itemsize
    return (((result + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1))).astype(x.dtype)


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp = ctx.tensor(op.inputs[0])
    params = [("size", inp.num_elements), ("op", CODES[op.kind]), ("bytes", BYTES[inp.dtype])]
    return ctx.layer(op, ctx.pick(UNARY_INT), UNARY_INT, params, [ctx.input(op), ctx.output(op)])
