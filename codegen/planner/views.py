"""Storage groups: which tensors share bytes, and where each sits in its group.

Ops declare their views (ops.declared_views: a RESHAPE's output is its input, a contiguous
CONCATENATION input a slice of its output, a contiguous SPLIT part a slice of its input). This
pass takes them in op order and merges the two tensors' groups so that the part sits at the
declared offset of the whole. Views compose: a part of a join whose output is itself a part of a
later join sits at the sum of the two offsets, and a SPLIT part that also joins a CONCATENATION
puts the split's input and the join's output into one group, shifted so that the part's bytes
coincide.

A merge is taken only when it is safe: the merged group, placed at its relative offsets, passes the
arena checker (planner.arena_check) with the views taken so far; otherwise the op copies that part
(its lowering asks LowerContext.is_view). The ops run in place (planner.inplace) merge on top: the
output over its input, `lead` bytes before it.

A buffer then lives from the first write of any of its tensors to the last read of any of them
(planner.analysis); no per-kind table of the planner says which ops are views.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from codegen.ir import Graph
from codegen.memplan import InPlace, View
from codegen.ops import declared_views
from codegen.planner.arena_check import hazards


@dataclass
class Storage:
    """Tensor -> (group, offset in the group's frame); the views taken, by (op index, part)."""

    graph: Graph
    group: dict[int, int] = field(default_factory=dict)
    offset: dict[int, int] = field(default_factory=dict)
    members: dict[int, list[int]] = field(default_factory=dict)
    views: dict[tuple[int, int], View] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for t in self.graph.tensors:
            if not (t.is_constant or t.is_variable):
                self.group[t.index], self.offset[t.index], self.members[t.index] = t.index, 0, [t.index]

    def root(self, t: int) -> int:
        return self.group[t]

    def placed(self, g: int) -> dict[int, int]:
        """Members of group g at their offsets, the lowest at 0."""
        low = min(self.offset[t] for t in self.members[g])
        return {t: self.offset[t] - low for t in self.members[g]}

    def extent(self, g: int) -> int:
        return max(o + self.graph.tensors[t].nbytes for t, o in self.placed(g).items())

    def plain(self, g: int) -> bool:
        """No member of group g is a byte range inside another (a join's part, a split's part): its
        views, if any, are whole-tensor aliases (RESHAPE); in-place ops may have joined it."""
        tensors = self.graph.tensors
        return not any(
            self.group[v.part] == g and (v.offset or tensors[v.part].nbytes != tensors[v.whole].nbytes)
            for v in self.views.values()
        )

    def merge(self, t: int, into: int, at: int) -> tuple[int, dict[int, int]] | None:
        """The group and offsets that put tensor t at offset `at` of tensor `into`'s frame (None:
        the two are already in one group elsewhere). Does not change anything."""
        gt, gi = self.group[t], self.group[into]
        delta = self.offset[into] + at - self.offset[t]
        if gt == gi:
            return (gi, {}) if delta == 0 else None
        moved = {m: self.offset[m] + delta for m in self.members[gt]}
        return gi, moved

    def commit(self, g: int, moved: dict[int, int]) -> None:
        for m, o in moved.items():
            old = self.group[m]
            if old != g and m in self.members.get(old, []):
                self.members.pop(old, None)
            self.group[m], self.offset[m] = g, o
            if m not in self.members[g]:
                self.members[g].append(m)

    def safe(self, g: int, moved: dict[int, int], views: dict[tuple[int, int], View],
             inplace: dict[int, InPlace]) -> bool:  # fmt: skip
        """Whether group g with `moved` in it passes the arena checker on its own."""
        trial = {t: self.offset[t] for t in self.members[g]} | moved
        inside = {k: v for k, v in views.items() if v.part in trial and v.whole in trial}
        return not hazards(self.graph, trial, inside, {k: d for k, d in inplace.items() if d.tensor in trial})


def resolve(graph: Graph, inplace: dict[int, InPlace] | None = None, checked: bool = True) -> Storage:
    """The storage groups of a graph: its ops' declared views, taken in op order where safe, then
    the in-place decisions. checked=False takes every consistent view without the arena checker
    (a quick estimate of the live bytes, for passes.reorder's search)."""
    storage = Storage(graph)
    for op in graph.ops:
        for view in declared_views(graph, op):
            if not _eligible(graph, op.inputs, view):
                continue
            merged = storage.merge(view.part, view.whole, view.offset)
            if merged is None:
                continue
            g, moved = merged
            key = (op.index, view.part)
            if checked and moved and not storage.safe(g, moved, {**storage.views, key: view}, {}):
                continue
            storage.commit(g, moved)
            storage.views[key] = view
    for op in graph.ops:
        decision = (inplace or {}).get(op.index)
        if decision is None or decision.tensor < 0:
            continue
        merged = storage.merge(op.outputs[0], decision.tensor, -decision.lead)
        assert merged is not None, f"op #{op.index} in place over a tensor of its own output's group"
        storage.commit(*merged)
    return storage


def _eligible(graph: Graph, op_inputs: tuple[int, ...], view: View) -> bool:
    """A join's part that the user's code writes (a graph input) or reads (a graph output) keeps
    its own bytes: the harness and the exported API read and write those by name."""
    if view.part in op_inputs:
        return view.part not in graph.inputs and view.part not in graph.outputs
    return True
