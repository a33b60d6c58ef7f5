"""EMBEDDING_LOOKUP: rows of a table (float32 or int8, usually a constant in flash) picked by int32
ids (usually computed on the device), as TFLite Micro's kernel: a raw copy of each row, or, for an
int8 table with a float32 output (its hybrid form: zero point 0), each row dequantised by the
table's scale. The copy is GATHER's kernel (ops.movement, every kernel set); the hybrid form
dequantises the gathered rows with DEQUANTIZE's reference kernel (q * scale in double rounds once,
as TFLite Micro's float product does). An id outside the table gives a row of zeros (TFLite Micro
fails the inference)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.binary import operand
from codegen.ops.common import Layer, LowerContext, expect_dtype, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family
from codegen.ops.movement import GATHER_DYNAMIC
from codegen.ops.quantize import DEQUANTIZE


def _hybrid(graph: Graph, op: Op) -> bool:
    return graph.tensors[op.inputs[1]].dtype is DType.INT8 and graph.tensors[op.outputs[0]].dtype is DType.FLOAT32


def check(graph: Graph, op: Op) -> None:
    ids = expect_dtype(graph, op, op.inputs[0], "ids", DType.INT32)
    table = expect_dtype(graph, op, op.inputs[1], "table", DType.FLOAT32, DType.INT8)
    out = expect_dtype(graph, op, op.outputs[0], "output", table.dtype, DType.FLOAT32)
    if len(ids.shape) != 1 or len(table.shape) < 2:
        raise fail(graph, op, f"ids {list(ids.shape)} (one dimension) and table {list(table.shape)} (two or more)")
    if tuple(out.shape) != (ids.shape[0], *table.shape[1:]):
        raise fail(graph, op, f"output {list(out.shape)} is not {[ids.shape[0], *table.shape[1:]]}")
    if _hybrid(graph, op) and (table.quant is None or table.quant.zero_point[0] != 0):
        raise fail(graph, op, "an int8 table read as float32 needs zero point 0 (TFLite Micro requires it)")


def scratch(graph: Graph, op: Op) -> int:
    """The hybrid form's gathered int8 rows."""
    return graph.tensors[op.outputs[0]].num_elements if _hybrid(graph, op) else 0


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    ids, table = graph.tensors[op.inputs[0]].data, graph.tensors[op.inputs[1]]
    if ((ids < 0) | (ids >= table.shape[0])).any():
        return None
    rows = table.data[ids]
    if _hybrid(graph, op):
        scale = np.float32(table.quant.scale[0])
        return [(rows.astype(np.float32) * scale).astype(np.float32)]
    return [rows]


# The gathered rows of a hybrid embedding, dequantized by the reference kernel only (the fast
# DEQUANTIZE kernels are declared for a model's own DEQUANTIZE tensors).
DEQUANTIZE_ROWS = family("DEQUANTIZE (an embedding's rows)", DEQUANTIZE.params_type, "dequantize_s8_f32", ("ref",),
                         ("EMBEDDING_LOOKUP",))  # fmt: skip


def lower(ctx: LowerContext, op: Op) -> list[Layer]:
    ids, table, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    row = table.num_elements // table.shape[0]
    params = [("outer", 1), ("axis_size", table.shape[0]), ("row_bytes", row * table.dtype.size),
              ("count", ids.shape[0])]  # fmt: skip
    rows = replace(ctx.scratch(op), c_type="void") if _hybrid(ctx.graph, op) else replace(ctx.output(op), c_type="void")
    gather = ctx.layer(op, ctx.pick(GATHER_DYNAMIC), GATHER_DYNAMIC, params,
                       [replace(operand(ctx, op, 1), c_type="void"), operand(ctx, op, 0), rows])  # fmt: skip
    if not _hybrid(ctx.graph, op):
        return [gather]
    affine = [("size", out.num_elements), ("zero_point", 0), ("scale", table.quant.scale[0])]
    picked = ctx.pick(DEQUANTIZE_ROWS)
    return [gather, ctx.layer(op, picked, DEQUANTIZE_ROWS, affine, [replace(rows, c_type="int8_t"), ctx.output(op)])]


CONTRACT = OpContract(
    kinds={OpKind.EMBEDDING_LOOKUP: Kind(3, (2, 2))},
    forms={None: Form(check, lower, (GATHER_DYNAMIC, DEQUANTIZE_ROWS), scratch=scratch)},
    fold=fold,
)
