"""Liveness analysis: which activation buffers exist and when they are live.

Steps are op indices in execution order. A buffer is live on [first, last]
inclusive: from the op that writes it (graph inputs: step 0) to the last op that
reads it (graph outputs: one step past the last op). Constants never enter the
arena. RESHAPE outputs are views: they share their input's buffer, which then
lives as long as any of its views.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ir import Graph, OpKind

ALIAS_KINDS = frozenset({OpKind.RESHAPE})


@dataclass
class Buffer:
    """One arena allocation; `tensors` are the tensor indices that view it (the first is the root)."""

    name: str
    size: int
    first: int
    last: int
    tensors: list[int] = field(default_factory=list)

    def overlaps_in_time(self, other: Buffer) -> bool:
        return self.first <= other.last and other.first <= self.last


def alias_roots(graph: Graph) -> dict[int, int]:
    """Map each view tensor to the tensor whose storage it shares (identity for the rest)."""
    root = {t.index: t.index for t in graph.tensors}
    for op in graph.ops:
        if op.kind in ALIAS_KINDS:
            root[op.outputs[0]] = root[op.inputs[0]]
    return root


def analyze_lifetimes(graph: Graph) -> list[Buffer]:
    root = alias_roots(graph)
    end = len(graph.ops)
    buffers: dict[int, Buffer] = {}

    def touch(tensor_index: int, step: int) -> None:
        tensor = graph.tensors[tensor_index]
        r = root[tensor_index]
        if graph.tensors[r].is_constant:
            return
        buf = buffers.get(r)
        if buf is None:
            buf = buffers[r] = Buffer(
                name=graph.tensors[r].name, size=graph.tensors[r].nbytes, first=step, last=step, tensors=[r]
            )
        buf.first = min(buf.first, step)
        buf.last = max(buf.last, step)
        buf.size = max(buf.size, tensor.nbytes)
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
    return sorted(buffers.values(), key=lambda b: b.tensors[0])


def lifetime_lower_bound(buffers: list[Buffer]) -> int:
    """Peak over steps of the bytes live at once: no plan without in-place reuse can be smaller."""
    if not buffers:
        return 0
    last_step = max(b.last for b in buffers)
    return max(sum(b.size for b in buffers if b.first <= step <= b.last) for step in range(last_step + 1))
