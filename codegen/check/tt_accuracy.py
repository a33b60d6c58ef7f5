"""What TT compression costs in accuracy: the compressed graph (numpy reference) against the
original model under TFLite Micro, on seeded inputs."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from codegen.check import golden
from codegen.check import tt_reference as reference
from codegen.ir import DType, Graph

ACCURACY_INPUTS = 20


@dataclass
class Accuracy:
    inputs: int
    max_abs: float  # dequantised output units
    mean_abs: float
    relative: float  # ||compressed - original|| / ||original||
    top1: float | None  # agreement, for classifiers


def _dequantize(graph: Graph, index: int, values: np.ndarray) -> np.ndarray:
    t = graph.tensors[index]
    if t.dtype is DType.FLOAT32:
        return values.astype(np.float64)
    return t.quant.scale[0] * (values.astype(np.float64) - t.quant.zero_point[0])


def accuracy_cost(graph: Graph, count: int = ACCURACY_INPUTS, seed: int = 0) -> Accuracy:
    out_index = graph.outputs[0]
    diffs, norms, errs, agree = [], [], [], []
    for k in range(count):
        inputs = golden.make_inputs(graph, seed + k)
        ours = _dequantize(graph, out_index, reference.run_graph(graph, inputs)[0]).reshape(-1)
        theirs = golden.reference_outputs(graph.source, inputs, 1)[0]
        theirs = _dequantize(graph, out_index, np.asarray(theirs)).reshape(-1)
        diffs.append(np.abs(ours - theirs))
        errs.append(np.sum((ours - theirs) ** 2))
        norms.append(np.sum(theirs**2))
        agree.append(int(np.argmax(ours) == np.argmax(theirs)))
    diff = np.concatenate(diffs)
    classifier = graph.tensors[out_index].num_elements <= 100
    return Accuracy(
        count,
        float(diff.max()),
        float(diff.mean()),
        float(np.sqrt(np.sum(errs) / max(np.sum(norms), 1e-30))),
        float(np.mean(agree)) if classifier else None,
    )


def accuracy_line(a: Accuracy) -> str:
    top1 = f", top-1 agreement {100 * a.top1:.0f}%" if a.top1 is not None else ""
    return (
        f"accuracy cost of TT compression over {a.inputs} seeded inputs, against the original model under "
        f"TFLite Micro: max |diff| {a.max_abs:.4g}, mean |diff| {a.mean_abs:.4g}, relative {a.relative:.3f}{top1}"
    )
