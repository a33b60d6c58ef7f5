"""CONCATENATION (int8, int16 or float32, any axis) and PACK (any dtype, a new axis): one strided copy per input into
its slice of the output (the layer table shows one kernel call per input). Bytes move unchanged:
CONCATENATION's inputs must share the output's scale and zero point (others would need
rescaling); PACK copies bytes as TFLite Micro does."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.memplan import View
from codegen.ops.common import (
    Layer,
    LowerContext,
    expect_activation,
    expect_dtype,
    expect_same_quant,
    fail,
)
from codegen.ops.contract import Form, Kind, OpContract, Rows
from codegen.ops.kernels import family

COPY = family("CONCATENATION / PACK", "rvfw_copy_rows_params", "copy_rows_s8", ("ref", "scalar", "rvv"))
# Bytes are copied unchanged: int8 and int16 inputs must share the output's quantisation; the
# unquantised integer dtypes (the Signal front end's int32 spectra) and float32 just move.
QUANTISED = (DType.INT8, DType.UINT8, DType.INT16)
DTYPES = (*QUANTISED, DType.INT32, DType.UINT32, DType.INT64, DType.FLOAT32, DType.BOOL)


def axis(graph: Graph, op: Op) -> int:
    rank = len(graph.tensors[op.outputs[0]].shape)
    a = op.options["axis"]
    return a + rank if a < 0 else a


def pack_axis(graph: Graph, op: Op) -> int:
    rank = len(graph.tensors[op.outputs[0]].shape)
    a = op.options.get("axis", 0)
    return a + rank if a < 0 else a


def check_pack(graph: Graph, op: Op) -> None:
    out = graph.tensors[op.outputs[0]]
    first = graph.tensors[op.inputs[0]]
    if not -len(out.shape) <= op.options.get("axis", 0) < len(out.shape):
        raise fail(graph, op, f"axis {op.options.get('axis', 0)} outside a rank-{len(out.shape)} output")
    a = pack_axis(graph, op)
    expected = (*first.shape[:a], len(op.inputs), *first.shape[a:])
    for position, i in enumerate(op.inputs):
        t = graph.tensors[i]
        if t.shape != first.shape or t.dtype != out.dtype or t.dtype not in DTYPES:
            raise fail(graph, op, f"input {position} {list(t.shape)} {t.dtype.name.lower()} does not stack")
        if t.is_constant:
            raise fail(graph, op, "constant inputs not supported")
    if tuple(out.shape) != expected:
        raise fail(graph, op, f"output {list(out.shape)} is not the stacked inputs {list(expected)}")


def check(graph: Graph, op: Op) -> None:
    if op.kind is OpKind.PACK:
        return check_pack(graph, op)
    out = expect_dtype(graph, op, op.outputs[0], "output", *DTYPES)
    if expect_activation(graph, op) != "NONE":
        raise fail(graph, op, "a fused activation on CONCATENATION not supported")
    rank = len(out.shape)
    if not -rank <= op.options["axis"] < rank:
        raise fail(graph, op, f"axis {op.options['axis']} outside a rank-{rank} output")
    a = axis(graph, op)
    total = 0
    for position, i in enumerate(op.inputs):
        inp = expect_dtype(graph, op, i, f"input {position}", out.dtype)
        if out.dtype in QUANTISED:
            expect_same_quant(graph, op, inp, out)
        if len(inp.shape) != rank or any(d != o for k, (d, o) in enumerate(zip(inp.shape, out.shape)) if k != a):
            raise fail(graph, op, f"input {position} {list(inp.shape)} does not fit output {list(out.shape)}")
        total += inp.shape[a]
    if total != out.shape[a]:
        raise fail(graph, op, f"inputs add up to {total} along axis {a}, the output has {out.shape[a]}")


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    """Constant inputs: joined at build time (passes.simplify); CONCATENATION only when nothing
    would need rescaling."""
    values = [graph.tensors[i].data for i in op.inputs]
    if op.kind is OpKind.PACK:
        return [np.stack(values, axis=pack_axis(graph, op))]
    out = graph.tensors[op.outputs[0]]
    if any(graph.tensors[i].quant != out.quant for i in op.inputs) or op.options.get("activation", "NONE") != "NONE":
        return None
    return [np.concatenate(values, axis=axis(graph, op))]


def views(graph: Graph, op: Op) -> list[View]:
    """Where all dimensions before the joined axis are 1, each input is one contiguous run of the
    output: its producer can write it there (the planner decides whether it may)."""
    out = graph.tensors[op.outputs[0]]
    a = pack_axis(graph, op) if op.kind is OpKind.PACK else axis(graph, op)
    if math.prod(out.shape[:a]) != 1:
        return []
    found, offset = [], 0
    for i in op.inputs:
        found.append(View(i, op.outputs[0], offset))
        offset += graph.tensors[i].nbytes
    return found


def lower(ctx: LowerContext, op: Op) -> list[Layer]:
    out = ctx.tensor(op.outputs[0])
    a = pack_axis(ctx.graph, op) if op.kind is OpKind.PACK else axis(ctx.graph, op)
    rows = math.prod(out.shape[:a])
    inner = math.prod(out.shape[a + 1 :]) * out.dtype.size
    chosen = ctx.pick(COPY)
    layers, offset = [], 0
    for i in op.inputs:
        inp = ctx.tensor(i)
        row_bytes = (1 if op.kind is OpKind.PACK else inp.shape[a]) * inner
        if ctx.is_view(op, i, offset):  # its producer wrote it in place in the output
            offset += row_bytes
            continue
        params = [("rows", rows), ("row_bytes", row_bytes), ("out_row_bytes", out.shape[a] * inner),
                  ("out_offset", offset)]  # fmt: skip
        # Bytes of any dtype: the copy kernel takes int8_t pointers.
        # A constant input (the zeros a front end pads its spectrum with) is copied from flash.
        source = ctx.weights(i) if inp.is_constant else ctx.arena(i, "input")
        args = [replace(source, c_type="int8_t"), replace(ctx.output(op), c_type="int8_t")]
        layers.append(ctx.layer(op, chosen, COPY, params, args))
        offset += row_bytes
    return layers


def rows(graph: Graph, op: Op) -> Rows | None:
    """A CONCATENATION of NHWC tensors along their channels streams by rows (output row r joins row r
    of each input): a U-Net decoder's join with its skip connection, which a tiled stage reads whole
    from where it was made (planner.tiling's side inputs)."""
    out = graph.tensors[op.outputs[0]]
    if op.kind is not OpKind.CONCATENATION or len(out.shape) != 4 or out.shape[0] != 1 or axis(graph, op) != 3:
        return None
    if len(op.inputs) != 2 or any(graph.tensors[i].is_constant for i in op.inputs):
        return None  # a step's table has room for two inputs' rows and the output's (rvfw_stage_step)
    return Rows("rows")


CONTRACT = OpContract(
    kinds={
        OpKind.CONCATENATION: Kind(3, (1, 1 << 16), options=("axis",)),
        OpKind.PACK: Kind(3, (1, 1 << 16)),
    },
    forms={None: Form(check, lower, (COPY,), views=views, rows=rows)},
    fold=fold,
)
