"""Choose the ops that write their output over an input that dies there (the `small` memory mode).

A pure pass over the graph: it returns, per chosen op, the input tensor it overwrites and the
scratch bytes its in-place kernel needs. Each op says which inputs it could overwrite and with
how much scratch (its module's `inplace`, see codegen.ops); this pass takes the first whose
input dies at the op: no later reader, not a graph output, not a constant; an op reading or
writing a part kept inside a join's or split's buffer (planner.analysis.offset_views) is left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from codegen.ir import Graph
from codegen.ops import inplace_candidates
from codegen.planner.analysis import alias_roots, offset_views


@dataclass(frozen=True)
class InPlace:
    tensor: int  # the input whose buffer the output takes over (-1: none, scratch only)
    scratch: int  # bytes of scratch the op's kernels need
    # The output starts this many bytes before the input (a tiled stage writes its output rows
    # behind the input rows it still reads: planner.tiling.StageTiling.lead); the buffer grows by
    # as much, and every tensor in it before the op sits that far in.
    lead: int = 0


def choose_inplace(graph: Graph) -> dict[int, InPlace]:
    chosen: dict[int, InPlace] = {}
    for step, op in enumerate(graph.ops):
        # A part that lives inside a join's or split's buffer already costs no bytes and no copy:
        # running its reader or writer in place would take that away.
        views = offset_views(graph, chosen)
        if op.outputs[0] in views:
            continue
        for tensor, scratch, *lead in inplace_candidates(graph, op):
            if tensor in views:
                continue
            if tensor < 0 or _dies_at(graph, chosen, tensor, step):
                chosen[op.index] = InPlace(tensor, scratch, *lead)
                break
    return chosen


def _dies_at(graph: Graph, chosen: dict[int, InPlace], tensor: int, step: int) -> bool:
    """Whether no op after `step` reads the tensor's storage and it is not a graph output."""
    t = graph.tensors[tensor]
    if t.is_constant or t.is_variable:
        return False
    root = alias_roots(graph, chosen)
    sharing = {i for i, r in root.items() if r == root[tensor]}
    if sharing & set(graph.outputs):
        return False
    return all(not (sharing & set(later.inputs)) for later in graph.ops[step + 1 :])
