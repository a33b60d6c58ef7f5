"""Comparisons with TFLite's broadcasting: EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER,
GREATER_EQUAL of two int32 or two float32 tensors (EQUAL and NOT_EQUAL of two bool ones too)
into a bool tensor (a WHILE loop's condition compares its counter with the trip count), as TFLite
Micro's comparison kernels compute them."""

from __future__ import annotations

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.binary import expect_broadcast, operand
from codegen.ops.broadcast import broadcast_layout
from codegen.ops.common import Layer, LowerContext, expect_dtype
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

MIN_VECTOR_RUN = 4  # the RVV kernels' shortest innermost run; shorter ones run the fast scalar kernel
KINDS = (OpKind.EQUAL, OpKind.NOT_EQUAL, OpKind.LESS, OpKind.LESS_EQUAL, OpKind.GREATER, OpKind.GREATER_EQUAL)
# The kernel's comparison code (rvfw_compare_params.comparison) and numpy's form of it.
CODES = {kind: k for k, kind in enumerate(KINDS)}
NUMPY = dict(zip(KINDS, (np.equal, np.not_equal, np.less, np.less_equal, np.greater, np.greater_equal)))
S32 = family("comparison int32", "rvfw_compare_params", "compare_s32", ("ref", "scalar", "rvv"),
             tuple(k.value for k in KINDS))  # fmt: skip
F32 = family("comparison float32", "rvfw_compare_params", "compare_f32", ("ref", "scalar", "rvv"),
             tuple(k.value for k in KINDS))  # fmt: skip
# bool: TFLite Micro's EQUAL and NOT_EQUAL take bool tensors too (bytes 0 or 1).
BOOL_KINDS = (OpKind.EQUAL, OpKind.NOT_EQUAL)
B = family("comparison bool", "rvfw_compare_params", "compare_b", ("ref",), tuple(k.value for k in BOOL_KINDS))


def check(graph: Graph, op: Op) -> None:
    a = graph.tensors[op.inputs[0]]
    b = expect_dtype(graph, op, op.inputs[1], "input 1", a.dtype)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.BOOL)
    expect_broadcast(graph, op, a, b, out)


def fold(graph: Graph, op: Op) -> list[np.ndarray]:
    a, b = (graph.tensors[t].data for t in op.inputs[:2])
    return [NUMPY[op.kind](a, b).astype(np.bool_)]


def lower(ctx: LowerContext, op: Op) -> Layer:
    a, b, out = (ctx.tensor(t) for t in (*op.inputs[:2], op.outputs[0]))
    params = [*broadcast_layout(a.shape, b.shape, out.shape), ("comparison", CODES[op.kind])]
    operands = [operand(ctx, op, 0), operand(ctx, op, 1)]
    if a.dtype is DType.BOOL:
        return ctx.layer(op, ctx.pick(B), B, params, [*operands, ctx.output(op)])
    fam = S32 if a.dtype is DType.INT32 else F32
    run = dict(params)["dims"][-1]
    if run < MIN_VECTOR_RUN:  # a WHILE loop's counter check: the vector set-up costs more than it saves
        chosen = ctx.pick(fam, {"rvv"}, f"runs of {run} element{'s' if run > 1 else ''}")
    else:
        chosen = ctx.pick(fam, *ctx.vector_needs("f32")) if fam is F32 else ctx.pick(fam)
    return ctx.layer(op, chosen, fam, params, [*operands, ctx.output(op)])


CONTRACT = OpContract(
    kinds={kind: Kind(2, (2, 2)) for kind in KINDS},  # later versions add int8, int16, string: refused by dtype
    forms={
        DType.INT32: Form(check, lower, (S32,)),
        DType.FLOAT32: Form(check, lower, (F32,)),
        DType.BOOL: Form(check, lower, (B,), kinds=BOOL_KINDS),
    },
    fold=fold,
)
