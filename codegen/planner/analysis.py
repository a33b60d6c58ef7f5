"""Liveness analysis: which activation buffers exist and when they are live.

Steps are op indices in execution order. A buffer is live on [first, last]
inclusive: from the op that writes it (graph inputs: step 0) to the last op that
reads it (graph outputs: one step past the last op). Constants never enter the
arena. RESHAPE, SQUEEZE and EXPAND_DIMS outputs are views: they share their input's buffer, which then
lives as long as any of its views. An op run in place (see inplace.py) writes its
output into the buffer of an input that dies there, so the two share a buffer
too; its scratch bytes are a buffer of their own, live at that step only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from codegen.ir import Graph, OpKind

if TYPE_CHECKING:
    from codegen.planner.inplace import InPlace

ALIAS_KINDS = frozenset({OpKind.RESHAPE, OpKind.SQUEEZE, OpKind.EXPAND_DIMS})


@dataclass
class Buffer:
    """One arena allocation; `tensors` are the tensor indices that view it (the first is the root).

    `size` is the most it ever holds. A buffer shared by in-place ops can hold less at some
    steps (a pointwise convolution that widens the channels grows it in place): `extents` lists
    (first, last, bytes) per tensor, and size_at(step) is the largest live one.
    """

    name: str
    size: int
    first: int
    last: int
    tensors: list[int] = field(default_factory=list)
    scratch_of: int | None = None  # op index, for an in-place op's scratch buffer
    extents: list[tuple[int, int, int]] = field(default_factory=list)

    def overlaps_in_time(self, other: Buffer) -> bool:
        return self.first <= other.last and other.first <= self.last

    def size_at(self, step: int) -> int:
        if not self.extents:
            return self.size if self.first <= step <= self.last else 0
        return max((n for lo, hi, n in self.extents if lo <= step <= hi), default=0)

    def size_within(self, first: int, last: int) -> int:
        """The most bytes held at any step of [first, last]."""
        if not self.extents:
            return self.size
        return max((n for lo, hi, n in self.extents if lo <= last and first <= hi), default=0)


def alias_roots(graph: Graph, inplace: dict[int, InPlace] | None = None) -> dict[int, int]:
    """Map each tensor to the tensor whose storage it shares: views and in-place outputs to their
    input's root, every other tensor to itself."""
    inplace = inplace or {}
    root = {t.index: t.index for t in graph.tensors}
    for op in graph.ops:
        if op.kind in ALIAS_KINDS:
            root[op.outputs[0]] = root[op.inputs[0]]
        elif op.index in inplace and inplace[op.index].tensor >= 0:
            root[op.outputs[0]] = root[inplace[op.index].tensor]
    return root


def analyze_lifetimes(graph: Graph, inplace: dict[int, InPlace] | None = None) -> list[Buffer]:
    inplace = inplace or {}
    root = alias_roots(graph, inplace)
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
    for buf in buffers.values():
        if len(buf.tensors) > 1:
            buf.extents = [(*_tensor_span(graph, t, end), graph.tensors[t].nbytes) for t in buf.tensors]
    ordered = sorted(buffers.values(), key=lambda b: b.tensors[0])
    for step, op in enumerate(graph.ops):
        decision = inplace.get(op.index)
        if decision and decision.scratch:
            ordered.append(Buffer(f"scratch of op #{op.index}", decision.scratch, step, step, [], op.index))
    return ordered


def _tensor_span(graph: Graph, tensor: int, end: int) -> tuple[int, int]:
    """[first, last] step of one tensor on its own (written or graph input, to last read or graph output)."""
    steps = [0] if tensor in graph.inputs else []
    steps += [s for s, op in enumerate(graph.ops) if tensor in op.inputs or tensor in op.outputs]
    if tensor in graph.outputs:
        steps.append(end)
    return min(steps), max(steps)


def lifetime_lower_bound(buffers: list[Buffer]) -> int:
    """Peak over steps of the bytes live at once: no plan without in-place reuse can be smaller."""
    if not buffers:
        return 0
    last_step = max(b.last for b in buffers)
    return max(sum(b.size_at(step) for b in buffers) for step in range(last_step + 1))
