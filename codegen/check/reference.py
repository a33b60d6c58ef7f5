"""Which golden an image must reproduce bit for bit: TFLite Micro's outputs, or for a
Tensor-Train-compressed graph (TFLite Micro has no TT op) the numpy reference of the same
quantised graph."""

from __future__ import annotations

import numpy as np

from codegen.check import golden, tt_reference
from codegen.ir import Graph, OpKind


def golden_outputs(graph: Graph, inputs: list[np.ndarray]) -> tuple[list[np.ndarray], str]:
    """The reference outputs, and whose they are (for the verdict line)."""
    if is_compressed(graph):
        return tt_reference.run_graph(graph, inputs), "its TT graph's numpy reference"
    return golden.reference_outputs(graph.source, inputs, len(graph.outputs), len(graph.inputs)), "TFLite Micro"


def is_compressed(graph: Graph) -> bool:
    """TT_EINSUM ops from the TT pass (an approximation of the model); those passes.einsum makes
    compute what the model's own ops do (`exact`), so TFLite Micro stays the golden."""
    return any(op.kind is OpKind.TT_EINSUM and not op.options.get("exact") for op in graph.ops)
