"""TOPK_V2: the k largest values of each row (the last dimension) and their indices, as LiteRT's
kernel orders them (TFLite Micro has no TOPK_V2): by value, largest first, equal values by the
lower index first. That order is total, so the j-th output is the best element after the
(j-1)-th; the kernel finds each with one pass over the row (k passes, no scratch). Values are
compared raw (int8 and int16 keep their quantisation: the output's must be the input's); indices
int32 or int16 as the model types them; k a constant from 1 to the row's length (LiteRT refuses
a larger k, and a k below 1 leaves nothing to compute)."""

from __future__ import annotations

import math

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_constant, expect_dtype, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

DTYPES = (DType.INT8, DType.UINT8, DType.INT16, DType.INT32, DType.INT64, DType.FLOAT32)
TOPK = {d: family(f"TOPK_V2 {d.name.lower()}", "rvfw_topk_params", f"topk_{_name}", ("ref",), ("TOPK_V2",))
        for d, _name in zip(DTYPES, ("s8", "u8", "s16", "s32", "s64", "f32"))}  # fmt: skip


def _k(graph: Graph, op: Op) -> int:
    k_tensor = expect_constant(graph, op, op.inputs[1], "k")
    if k_tensor.dtype not in (DType.INT32, DType.INT16) or k_tensor.num_elements != 1:
        raise fail(graph, op, "k must be one int32 or int16 value")
    return int(k_tensor.data.reshape(-1)[0])


def check(graph: Graph, op: Op) -> None:
    inp = expect_dtype(graph, op, op.inputs[0], "input", *DTYPES)
    values = expect_dtype(graph, op, op.outputs[0], "values", inp.dtype)
    indices = expect_dtype(graph, op, op.outputs[1], "indices", DType.INT32, DType.INT16)
    if not inp.shape:
        raise fail(graph, op, "a scalar input has no row to take the top k of")
    k = _k(graph, op)
    if not 1 <= k <= inp.shape[-1]:
        raise fail(graph, op, f"k = {k} outside 1..{inp.shape[-1]}, the row's length")
    shape = (*inp.shape[:-1], k)
    if tuple(values.shape) != shape or tuple(indices.shape) != shape:
        raise fail(graph, op, f"outputs {list(values.shape)} and {list(indices.shape)} are not {list(shape)}")
    same = (
        inp.quant is not None
        and values.quant is not None
        and (inp.quant.scale, inp.quant.zero_point) == (values.quant.scale, values.quant.zero_point)
    )
    if inp.dtype in (DType.INT8, DType.UINT8, DType.INT16) and not same:
        raise fail(graph, op, "the values' quantisation differs from the input's (TOPK_V2 copies them)")


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp = ctx.tensor(op.inputs[0])
    fam = TOPK[inp.dtype]
    params = [("rows", math.prod(inp.shape[:-1])), ("row_size", inp.shape[-1]), ("k", _k(ctx.graph, op)),
              ("index_bytes", ctx.tensor(op.outputs[1]).dtype.size)]  # fmt: skip
    return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), ctx.output(op, 0), ctx.output(op, 1)])


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    x = graph.tensors[op.inputs[0]]
    k = _k(graph, op)
    if not 1 <= k <= x.shape[-1]:
        return None
    order = np.argsort(-x.data.astype(np.float64), axis=-1, kind="stable")[..., :k]  # ties: lower index first
    return [np.take_along_axis(x.data, order, axis=-1),
            order.astype(graph.tensors[op.outputs[1]].dtype.np_type)]  # fmt: skip


CONTRACT = OpContract(
    kinds={OpKind.TOPK_V2: Kind(3, (2, 2), (2, 2))},  # versions 2 int8 (LiteRT's), 3 int16 k and indices
    forms={None: Form(check, lower, tuple(TOPK.values()))},
    fold=fold,
)
