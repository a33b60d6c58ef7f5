"""The arena checker: proves that a plan never overwrites a byte that a live tensor still needs.

It trusts nothing the planner worked out. From the op order, each tensor's byte offset, the scratch
ranges, the ops run in place and the views the plan took (each must be one its op declares, at
the declared offset: ops.declared_views), it derives which op physically writes which bytes (an op
writes nothing for a part whose view was taken) and which of those writes each tensor's value is
made of (a join's output: its parts' writes and its own copies; a split's part: its input's writes
over its bytes). Then every write is checked against every tensor whose bytes it touches while
that tensor is still to be read. TFLite Micro's DoAnyBuffersOverlap is the idea at the level of
buffers; this works at the level of bytes, so it sees through views of views.

An op run in place may overwrite the input it is declared in place over, at the step that input
dies; nothing else may be overwritten while it is live. The planner runs it on every plan it makes
(plan.plan_memory), and on every candidate view before taking it (planner.views).
"""

from __future__ import annotations

from dataclasses import dataclass

from codegen.ir import Graph
from codegen.memplan import InPlace, View
from codegen.ops import declared_views, scratch_bytes


@dataclass(frozen=True)
class Write:
    step: int  # -1: a graph input, written before the first op
    lo: int
    hi: int
    what: str
    output_of: int | None = None  # the op index whose output this is (None: scratch or a graph input)


def hazards(
    graph: Graph,
    offsets: dict[int, int],
    views: dict[tuple[int, int], View],
    inplace: dict[int, InPlace] | None = None,
    scratch: dict[int, list[tuple[int, int]]] | None = None,
    first_only: bool = True,
) -> list[str]:
    """What goes wrong, one line each (empty: the plan is safe). `offsets`: the byte offset of every
    tensor to check (tensors left out are not checked: the planner checks one buffer at a time);
    `views`: (op index, part) -> the view taken; `scratch`: op index -> its scratch byte ranges."""
    inplace = inplace or {}
    scratch = scratch or {}
    found: list[str] = []
    writes: list[Write] = []
    by_step: dict[int, list[int]] = {}
    sources: dict[int, list[tuple[int, int, int]]] = {}  # tensor -> (write id, lo, hi)
    last: dict[int, int] = {}
    end = len(graph.ops)

    def span(t: int) -> tuple[int, int]:
        return offsets[t], offsets[t] + graph.tensors[t].nbytes

    def write(step: int, lo: int, hi: int, what: str, output_of: int | None = None) -> int:
        writes.append(Write(step, lo, hi, what, output_of))
        by_step.setdefault(step, []).append(len(writes) - 1)
        return len(writes) - 1

    def name(t: int) -> str:
        return f"tensor {t} '{graph.tensors[t].name}'"

    for t in graph.inputs:
        if t in offsets:
            lo, hi = span(t)
            sources[t] = [(write(-1, lo, hi, f"graph input {name(t)}"), lo, hi)]
    for step, op in enumerate(graph.ops):
        taken = {part: v for (index, part), v in views.items() if index == op.index}
        if taken:
            declared = declared_views(graph, op)
            for part, v in taken.items():
                if v not in declared:
                    found.append(f"op #{op.index} {op.kind.value}: view {v} is not one the op declares")
                elif part in offsets and v.whole in offsets and offsets[part] != offsets[v.whole] + v.offset:
                    found.append(f"op #{op.index} {op.kind.value}: {name(part)} at {offsets[part]}, its view "
                                 f"puts it at {offsets[v.whole]} + {v.offset}")  # fmt: skip
        for t in op.inputs:
            if t in offsets:
                last[t] = step
        for o in dict.fromkeys(op.outputs):
            if o not in offsets:
                continue
            view = taken.get(o)
            if view is not None and view.whole in op.inputs:  # read in place: nothing written
                lo, hi = span(o)
                sources[o] = [
                    (w, max(a, lo), min(b, hi)) for w, a, b in sources.get(view.whole, []) if a < hi and lo < b
                ]
                continue
            joined = [v for v in taken.values() if v.whole == o and v.part in op.inputs and v.part in offsets]
            pieces = _subtract(span(o), sorted(span(v.part) for v in joined))
            what = f"op #{op.index} {op.kind.value} writing {name(o)}"
            sources[o] = [(write(step, lo, hi, what, op.index), lo, hi) for lo, hi in pieces]
            for v in joined:
                sources[o] += sources.get(v.part, [])
        for lo, hi in scratch.get(op.index, []):
            write(step, lo, hi, f"op #{op.index} {op.kind.value}'s scratch")
    for t in graph.outputs:
        if t in offsets:
            last[t] = end
    return found + _clobbered(graph, offsets, inplace, writes, by_step, sources, last, first_only)


def _clobbered(
    graph: Graph,
    offsets: dict[int, int],
    inplace: dict[int, InPlace],
    writes: list[Write],
    by_step: dict[int, list[int]],
    sources: dict[int, list[tuple[int, int, int]]],
    last: dict[int, int],
    first_only: bool,
) -> list[str]:
    """Every write that lands on bytes of a tensor between the writes that made them and the
    tensor's last read (sources: tensor -> the writes its bytes come from; last: its last step)."""
    found: list[str] = []
    for t, entries in sources.items():
        own = {w for w, _, _ in entries}
        until = max(last.get(t, -1), max((writes[w].step for w in own), default=-1))
        for w, lo, hi in entries:
            for step in range(writes[w].step, until + 1):
                for other in by_step.get(step, ()):
                    wr = writes[other]
                    if other in own or not (wr.lo < hi and lo < wr.hi):
                        continue
                    if _in_place_ok(graph, offsets, inplace, t, step, until, wr):
                        continue
                    found.append(f"{wr.what} at step {step} overwrites bytes [{max(lo, wr.lo)}, {min(hi, wr.hi)}) "
                                 f"of tensor {t} '{graph.tensors[t].name}', still read at step {until}")  # fmt: skip
                    if first_only:
                        return found
    return found


def _in_place_ok(
    graph: Graph, offsets: dict[int, int], inplace: dict[int, InPlace], t: int, step: int, until: int, wr: Write
) -> bool:
    """An op declared in place over `t` (or over a tensor with exactly t's bytes) overwrites it at
    the step where it is read for the last time."""
    if step == len(graph.ops) or wr.output_of is None or until != step:
        return False
    op = graph.ops[step]
    decision = inplace.get(op.index)
    if decision is None or decision.tensor < 0 or wr.output_of != op.index or t not in op.inputs:
        return False
    d = decision.tensor
    if d not in offsets:
        return False
    same = (offsets[d], graph.tensors[d].nbytes) == (offsets[t], graph.tensors[t].nbytes)
    return t == d or same


def _subtract(whole: tuple[int, int], holes: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """[lo, hi) minus the sorted holes, as the ranges left."""
    pieces, at = [], whole[0]
    for lo, hi in holes:
        if lo > at:
            pieces.append((at, min(lo, whole[1])))
        at = max(at, hi)
    if at < whole[1]:
        pieces.append((at, whole[1]))
    return [p for p in pieces if p[0] < p[1]]


def check_plan(graph: Graph, plan) -> list[str]:
    """Every hazard in a finished plan (memplan.MemoryPlan) of this graph, with its scratch, and
    every op whose kernel needs scratch in every mode (ops.scratch_bytes: a tiled stage's line
    buffers, an LSTM's gates) but was given none."""
    needs = [(op, scratch_bytes(graph, op)) for op in graph.ops]
    missing = [f"op #{op.index} ({op.kind.value}) needs {need:,} bytes of scratch and the plan gave none"
               for op, need in needs if need and op.index not in plan.scratch_offsets]  # fmt: skip
    return missing + hazards(graph, plan.tensor_offsets, plan.views, plan.inplace, plan.scratch_spans(),
                             first_only=False)  # fmt: skip
