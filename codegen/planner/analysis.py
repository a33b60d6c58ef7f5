"""Liveness analysis: which activation buffers exist and when they are live.

Steps are op indices in execution order. A buffer is live on [first, last]
inclusive: from the first op that writes any of its tensors (graph inputs: step 0) to the
last op that reads any of them (graph outputs: one step past the last op). Constants never
enter the arena. Which tensors share a buffer, and where each sits in it, comes from the
storage groups (planner.views): the views the ops declare and the planner took, and the ops run
in place (planner.inplace). Scratch bytes are a buffer of their own, live at that step only.
"""

from __future__ import annotations

from codegen.ir import Graph
from codegen.memplan import Buffer, InPlace
from codegen.ops import scratch_bytes, spare_scratch_bytes
from codegen.ops.int4 import unpack_bytes
from codegen.planner.views import Storage, resolve

__all__ = ["Buffer", "analyze_lifetimes", "lifetime_lower_bound", "spare_scratch_buffers"]


def spare_scratch_buffers(graph: Graph, taken: set[int]) -> list[Buffer]:
    """Buffers for the scratch a kernel runs faster with but works without (ops.spare_scratch_bytes),
    for ops without a scratch buffer of their own (`taken`: a kernel takes one scratch pointer), and
    for tiled stages, whose line buffers are their scratch and whose members take the spare."""
    spare = []
    for step, op in enumerate(graph.ops):
        size = 0 if op.index in taken and op.tiling is None else spare_scratch_bytes(graph, op)
        if size:
            spare.append(Buffer(f"spare scratch of op #{op.index}", size, step, step, [], op.index, spare=True))
    return spare


def analyze_lifetimes(
    graph: Graph,
    inplace: dict[int, InPlace] | None = None,
    control_scratch: dict[int, int] | None = None,
    storage: Storage | None = None,
) -> list[Buffer]:
    """One buffer per storage group (storage: planner.views.resolve of this graph and `inplace`,
    made here when not given), then one per op's scratch. control_scratch: op index -> bytes a
    WHILE's or an IF's subgraphs take (planner.plan.ControlPlan), its scratch."""
    inplace = inplace or {}
    control_scratch = control_scratch or {}
    storage = storage or resolve(graph, inplace)
    end = len(graph.ops)
    buffers: dict[int, Buffer] = {}

    def touch(tensor_index: int, step: int) -> None:
        if tensor_index not in storage.group:  # flash / the state area
            return
        g = storage.root(tensor_index)
        buf = buffers.get(g)
        if buf is None:
            buf = buffers[g] = Buffer(name=graph.tensors[g].name, size=0, first=step, last=step, tensors=[])
        buf.first = min(buf.first, step)
        buf.last = max(buf.last, step)
        if tensor_index not in buf.tensors:
            buf.tensors.append(tensor_index)

    for index in graph.inputs:
        touch(index, 0)
    for step, op in enumerate(graph.ops):
        for index in op.inputs:
            if index >= 0:
                touch(index, step)
        for index in op.outputs:
            touch(index, step)
    for index in graph.outputs:
        touch(index, end)
    spans = _tensor_spans(graph, end)
    for g, buf in buffers.items():
        placed = storage.placed(g)
        buf.tensors.sort(key=lambda t: (t != g, placed[t]))  # the group's own tensor first
        buf.size = storage.extent(g)
        if len(buf.tensors) > 1:  # each tensor reaches up to its offset plus its bytes
            buf.extents = [(*spans[t], placed[t] + graph.tensors[t].nbytes) for t in buf.tensors]
    ordered = sorted(buffers.values(), key=lambda b: b.tensors[0])
    for step, op in enumerate(graph.ops):
        decision = inplace.get(op.index)
        size = max(decision.scratch if decision else 0, scratch_bytes(graph, op), control_scratch.get(op.index, 0))
        unpacked = unpack_bytes(graph, op)  # int4 weights, after the kernel's own scratch (ops.int4)
        if unpacked:
            size = -(-size // 16) * 16 + unpacked
        if size:
            ordered.append(Buffer(f"scratch of op #{op.index}", size, step, step, [], op.index))
    return ordered


def _tensor_spans(graph: Graph, end: int) -> dict[int, tuple[int, int]]:
    """[first, last] step of each tensor on its own (written or graph input, to last read or graph
    output), in one pass over the ops."""
    spans: dict[int, list[int]] = {t: [0, 0] for t in graph.inputs}

    def seen(t: int, step: int) -> None:
        span = spans.get(t)
        if span is None:
            spans[t] = [step, step]
        else:
            span[0], span[1] = min(span[0], step), max(span[1], step)

    for step, op in enumerate(graph.ops):
        for t in (*op.inputs, *op.outputs):
            if t >= 0:
                seen(t, step)
    for t in graph.outputs:
        seen(t, end)
    return {t: (lo, hi) for t, (lo, hi) in spans.items()}


def lifetime_lower_bound(buffers: list[Buffer]) -> int:
    """Peak over steps of the bytes live at once: no plan without in-place reuse can be smaller.
    A buffer of one size adds it over its steps by a difference array; one whose size changes
    (extents) adds size_at step by step over its own steps only."""
    if not buffers:
        return 0
    last_step = max(b.last for b in buffers)
    delta = [0] * (last_step + 2)
    live = [0] * (last_step + 1)
    for b in buffers:
        if b.extents:  # the largest live extent per step, over the extents' own steps
            most = [0] * (b.last - b.first + 1)
            for lo, hi, n in b.extents:
                for step in range(max(lo, b.first), min(hi, b.last) + 1):
                    most[step - b.first] = max(most[step - b.first], n)
            for k, n in enumerate(most):
                live[b.first + k] += n
        else:
            delta[b.first] += b.size
            delta[b.last + 1] -= b.size
    running, peak = 0, 0
    for step in range(last_step + 1):
        running += delta[step]
        peak = max(peak, running + live[step])
    return peak
