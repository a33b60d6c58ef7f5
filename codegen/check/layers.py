"""`rvfw check --layers`: the first layer that differs from the reference (issue 36): TFLite
Micro, or LiteRT's reference kernels where they define the model (issue 56).

The reference runs a copy of the model whose graph outputs also name the tensors rvfw's layers
write (its outputs vector replaced by a longer one appended to the file: nothing else of the model
changes); the firmware, built with -DRVFW_DUMP_LAYERS, prints each layer's output right after the
layer ran. Both are compared tensor by tensor, in layer order. X-CUBE-AI's validate compares layer
by layer; TFLM has nothing like it for a compiled model.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import tflite

from codegen.check.reference import reference_patched_outputs
from codegen.ir import DType, Graph
from codegen.ops import Layer


def reference_tensors(graph: Graph, inputs: list[np.ndarray],
                      tensors: list[int]) -> tuple[dict[int, np.ndarray], str]:  # fmt: skip
    """The reference's value of each tensor (the last step's, for several steps of inputs), and
    whose they are; tensors rvfw's passes added (a grouped convolution's parts: passes.groups) are
    not the file's: none."""
    in_file = tflite.Model.GetRootAsModel(Path(graph.source).read_bytes(), 0).Subgraphs(0).TensorsLength()
    names = list(graph.outputs) + [t for t in tensors if t not in graph.outputs and t < in_file]
    values, whose = reference_patched_outputs(graph, inputs, names)
    return {t: np.asarray(v) for t, v in zip(names, values[-len(names) :])}, whose


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
