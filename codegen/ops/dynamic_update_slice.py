"""DYNAMIC_UPDATE_SLICE: the operand with the update written at start indices (a constant, or read
on the device: a transformer's key/value cache at the current position), any dtype, bytes copied
unchanged as TFLite Micro's kernel copies them, each start index clamped so the update fits. An
update of the operand's size replaces it whole, whatever the indices (TFLite Micro's shortcut)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.binary import operand
from codegen.ops.common import Layer, LowerContext, expect_dtype, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

UPDATE_SLICE = family("DYNAMIC_UPDATE_SLICE (any dtype)", "rvfw_update_slice_params", "dynamic_update_slice",
                      ("ref",), ("DYNAMIC_UPDATE_SLICE",))  # fmt: skip
MAX_RANK = 6


def check(graph: Graph, op: Op) -> None:
    data, update, out = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[1]], graph.tensors[op.outputs[0]]
    starts = expect_dtype(graph, op, op.inputs[2], "start indices", DType.INT32, DType.INT64)
    if update.dtype is not data.dtype or out.dtype is not data.dtype:
        raise fail(graph, op, "operand, update and output dtypes differ")
    if tuple(out.shape) != tuple(data.shape) or len(data.shape) > MAX_RANK:
        raise fail(graph, op, f"output {list(out.shape)} is not the operand {list(data.shape)} (rank up to 6)")
    if len(update.shape) != len(data.shape) or any(u > d for u, d in zip(update.shape, data.shape)):
        raise fail(graph, op, f"update {list(update.shape)} does not fit the operand {list(data.shape)}")
    if tuple(starts.shape) != (len(data.shape),):
        raise fail(graph, op, f"start indices {list(starts.shape)}: one per operand dimension expected")


def fold(graph: Graph, op: Op) -> list[np.ndarray]:
    data, update, starts = (graph.tensors[t].data for t in op.inputs[:3])
    if update.size == data.size:
        return [update.reshape(data.shape).copy()]
    out = data.copy()
    lo = [int(min(max(0, int(s)), d - u)) for s, d, u in zip(starts.reshape(-1), data.shape, update.shape)]
    out[tuple(slice(a, a + u) for a, u in zip(lo, update.shape))] = update
    return [out]


def lower(ctx: LowerContext, op: Op) -> Layer:
    data, update = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1])
    pad = [1] * (MAX_RANK - len(data.shape))
    params = [("dims", pad + list(data.shape)), ("update_dims", pad + list(update.shape)),
              ("rank", len(data.shape)), ("elem_size", data.dtype.size),
              ("index_bytes", ctx.tensor(op.inputs[2]).dtype.size)]  # fmt: skip
    args = [replace(operand(ctx, op, k), c_type="void") for k in range(3)]
    return ctx.layer(op, ctx.pick(UPDATE_SLICE), UPDATE_SLICE, params, [*args, replace(ctx.output(op), c_type="void")])


CONTRACT = OpContract(
    kinds={OpKind.DYNAMIC_UPDATE_SLICE: Kind(4, (3, 3))},
    forms={None: Form(check, lower, (UPDATE_SLICE,))},
    fold=fold,
)
