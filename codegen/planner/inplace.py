"""Choose the ops that write their output over an input that dies there (the `small` memory mode).

A pure pass over the graph: it returns, per chosen op, the input tensor it overwrites and the
scratch bytes its in-place kernel needs. Each op says which inputs it could overwrite and with
how much scratch (its module's `inplace`, see codegen.ops); this pass takes the first whose
input dies at the op: no later reader of any tensor stored with it, not a graph output, not a
constant. The views come first (planner.views): an op whose output shares bytes with anything
but RESHAPE views of itself, or whose input is a part of a larger group, is left out, since a part
kept inside a join's or split's buffer already costs no bytes and no copy.
"""

from __future__ import annotations

from codegen.ir import Graph
from codegen.memplan import InPlace
from codegen.ops import inplace_candidates
from codegen.planner.views import Storage, resolve

__all__ = ["InPlace", "choose_inplace"]


def choose_inplace(graph: Graph) -> dict[int, InPlace]:
    chosen: dict[int, InPlace] = {}
    storage = resolve(graph)
    last_read = {t: step for step, op in enumerate(graph.ops) for t in op.inputs}  # the last step wins
    for step, op in enumerate(graph.ops):
        out = op.outputs[0] if op.outputs else -1
        if out not in storage.group or not storage.plain(storage.root(out)):
            continue
        for tensor, scratch, *lead in inplace_candidates(graph, op):
            if tensor < 0:
                chosen[op.index] = InPlace(tensor, scratch, *lead)
                break
            if tensor not in storage.group or storage.root(tensor) == storage.root(out):
                continue
            if not storage.plain(storage.root(tensor)):
                continue  # a part kept inside a join's or split's buffer, or such a whole
            if _dies_at(graph, storage, last_read, tensor, step):
                decision = InPlace(tensor, scratch, *lead)
                chosen[op.index] = decision
                merged = storage.merge(out, tensor, -decision.lead)
                assert merged is not None
                storage.commit(*merged)
                break
    return chosen


def _dies_at(graph: Graph, storage: Storage, last_read: dict[int, int], tensor: int, step: int) -> bool:
    """Whether no op after `step` reads any tensor stored with `tensor`, and none is a graph output."""
    sharing = storage.members[storage.root(tensor)]
    if any(t in graph.outputs for t in sharing):
        return False
    return all(last_read.get(t, -1) <= step for t in sharing)
