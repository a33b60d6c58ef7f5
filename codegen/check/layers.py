"""`rvfw check --layers`: the first layer that differs from TFLite Micro (issue 36).

TFLite Micro runs a copy of the model whose graph outputs also name the tensors rvfw's layers
write (its outputs vector replaced by a longer one appended to the file: nothing else of the model
changes); the firmware, built with -DRVFW_DUMP_LAYERS, prints each layer's output right after the
layer ran. Both are compared tensor by tensor, in layer order. X-CUBE-AI's validate compares layer
by layer; TFLM has nothing like it for a compiled model.
"""

from __future__ import annotations

import struct
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import tflite

from codegen.check import golden
from codegen.ir import DType, Graph
from codegen.ops import Layer

OUTPUTS_FIELD = 8  # SubGraph.outputs: field 2 of the table (vtable offset 4 + 2 * 2)


def with_outputs(data: bytes, outputs: list[int]) -> bytes:
    """The model with subgraph 0's outputs replaced by `outputs`: a new int32 vector appended at
    the end (4-byte aligned) and the field's forward offset pointed at it."""
    model = tflite.Model.GetRootAsModel(data, 0)
    sub = model.Subgraphs(0)
    field = sub._tab.Offset(OUTPUTS_FIELD)
    if not field:
        raise ValueError("subgraph 0 has no outputs field")
    where = sub._tab.Pos + field  # the uoffset to the outputs vector
    body = bytearray(data)
    body += bytes(-len(body) % 4)
    vector = len(body)
    body += struct.pack(f"<I{len(outputs)}i", len(outputs), *outputs)
    body[where : where + 4] = struct.pack("<I", vector - where)
    return bytes(body)


def reference_tensors(graph: Graph, inputs: list[np.ndarray], tensors: list[int]) -> dict[int, np.ndarray]:
    """TFLite Micro's value of each tensor (the last step's, for several steps of inputs)."""
    extra = [t for t in tensors if t not in graph.outputs]
    names = list(graph.outputs) + extra
    patched = with_outputs(Path(graph.source).read_bytes(), names)
    with tempfile.TemporaryDirectory(prefix="rvfw-layers-") as tmp:
        path = Path(tmp) / Path(graph.source).name
        path.write_bytes(patched)
        values = golden.reference_outputs(path, inputs, len(names), len(graph.inputs))
    last = values[-len(names) :]
    return {t: np.asarray(v) for t, v in zip(names, last)}


@dataclass(frozen=True)
class Row:
    layer: int
    op_index: int
    op: str
    kernel: str
    tensor: int
    dtype: str
    elements: int
    differ: int
    largest: float  # the largest absolute difference (float: in value; NaN where the bits differ only)


def compare_layers(graph: Graph, layers: list[Layer], ours: dict[int, bytes], written_by: dict[int, int],
                   reference: dict[int, np.ndarray]) -> list[Row]:  # fmt: skip
    """One row per tensor a layer wrote, in layer order."""
    rows = []
    for tensor in sorted(ours, key=lambda t: (written_by[t], t)):
        if tensor not in reference:
            continue
        k = written_by[tensor]
        layer = layers[k]
        t = graph.tensors[tensor]
        mine = np.frombuffer(ours[tensor], dtype=t.dtype.np_type)
        theirs = np.ascontiguousarray(reference[tensor], dtype=t.dtype.np_type).reshape(-1)
        if mine.size != theirs.size:
            rows.append(Row(k, layer.index, layer.op, layer.kernel, tensor, t.dtype.name.lower(), theirs.size,
                            theirs.size, float("nan")))  # fmt: skip
            continue
        if t.dtype is DType.FLOAT32:
            differ = mine.view(np.uint32) != theirs.view(np.uint32)
            gaps = np.abs(mine[differ].astype(np.float64) - theirs[differ].astype(np.float64))
        else:
            differ = mine != theirs
            gaps = np.abs(mine[differ].astype(np.int64) - theirs[differ].astype(np.int64))
        largest = float(np.nanmax(gaps)) if gaps.size else 0.0
        rows.append(Row(k, layer.index, layer.op, layer.kernel, tensor, t.dtype.name.lower(), int(mine.size),
                        int(differ.sum()), largest))  # fmt: skip
    return rows


def first_difference(rows: list[Row]) -> Row | None:
    return next((r for r in rows if r.differ), None)


def describe(row: Row) -> str:
    return f"layer {row.layer} (op #{row.op_index} {row.op}, kernel {row.kernel}, tensor {row.tensor})"
