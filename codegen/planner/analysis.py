"""Liveness analysis: which activation buffers exist and when they are live.

Steps are op indices in execution order. A buffer is live on [first, last]
inclusive: from the op that writes it (graph inputs: step 0) to the last op that
reads it (graph outputs: one step past the last op). Constants never enter the
arena. RESHAPE, SQUEEZE and EXPAND_DIMS outputs are views, and so are the parts of a
CONCATENATION, PACK or outermost SPLIT that are contiguous runs of the whole (offset_views: at a
byte offset inside its buffer); views: they share their input's buffer, which then
lives as long as any of its views. An op run in place (see inplace.py) writes its
output into the buffer of an input that dies there, so the two share a buffer
too; its scratch bytes are a buffer of their own, live at that step only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from codegen.ir import Graph, Op, OpKind
from codegen.ops import scratch_bytes, spare_scratch_bytes

if TYPE_CHECKING:
    from codegen.planner.inplace import InPlace

ALIAS_KINDS = frozenset({OpKind.RESHAPE, OpKind.SQUEEZE, OpKind.EXPAND_DIMS})
JOINS = (OpKind.CONCATENATION, OpKind.PACK)
SPLITS = (OpKind.SPLIT, OpKind.SPLIT_V, OpKind.UNPACK)
SPLIT_DATA = {OpKind.SPLIT: 1}  # the input holding the data (the others are parameters)


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
    spare: bool = False  # optional scratch (ops.spare_scratch_bytes): planned only where it costs nothing
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


def _plain_roots(graph: Graph, inplace: dict[int, InPlace]) -> dict[int, int]:
    root = {t.index: t.index for t in graph.tensors}
    for op in graph.ops:
        if op.kind in ALIAS_KINDS:
            root[op.outputs[0]] = root[op.inputs[0]]
        elif op.index in inplace and inplace[op.index].tensor >= 0:
            root[op.outputs[0]] = root[inplace[op.index].tensor]
    return root


def _contiguous_parts(graph: Graph, op: Op) -> int | None:
    """The joined / split axis when every part is one contiguous run of the whole (all dimensions
    before the axis are 1), else None."""
    whole = graph.tensors[op.outputs[0] if op.kind in JOINS else op.inputs[SPLIT_DATA.get(op.kind, 0)]]
    if op.kind is OpKind.CONCATENATION:
        axis = op.options["axis"] % len(whole.shape)
    elif op.kind is OpKind.PACK or op.kind is OpKind.UNPACK:
        axis = op.options.get("axis", 0) % len(whole.shape)
    else:  # SPLIT / SPLIT_V: the axis tensor
        axis_tensor = graph.tensors[op.inputs[0 if op.kind is OpKind.SPLIT else 2]]
        if axis_tensor.data is None:
            return None
        axis = int(axis_tensor.data.reshape(-1)[0]) % len(whole.shape)
    return axis if math.prod(whole.shape[:axis]) == 1 else None


def offset_views(graph: Graph, inplace: dict[int, InPlace] | None = None) -> dict[int, tuple[int, int]]:
    """Parts that live inside a whole (tensor -> (whole, byte offset)): the inputs of a
    CONCATENATION or PACK whose parts are contiguous runs of its output (their producers write
    straight into their slice), and the outputs of such a SPLIT, SPLIT_V or UNPACK (slices of its
    input read in place). A part qualifies when nothing else shares or overwrites its storage:
    not a graph input or constant, not a view or in-place output, no op runs in place over it,
    and it is a part of one whole only."""
    inplace = inplace or {}
    root = _plain_roots(graph, inplace)
    shared = {r for t, r in root.items() if t != r} | {d.tensor for d in inplace.values() if d.tensor >= 0}
    views: dict[int, tuple[int, int]] = {}
    for op in graph.ops:
        if op.kind not in JOINS + SPLITS or _contiguous_parts(graph, op) is None:
            continue
        if op.kind in JOINS:
            whole, parts = op.outputs[0], list(op.inputs)
        else:
            whole, parts = op.inputs[SPLIT_DATA.get(op.kind, 0)], list(op.outputs)
        if root[whole] != whole or graph.tensors[whole].is_constant or len(set(parts)) != len(parts):
            continue
        if op.kind in SPLITS and (whole in shared or whole in views):
            continue
        offset = 0
        for t in parts:
            tensor = graph.tensors[t]
            usable = (not tensor.is_constant and not tensor.is_variable and t not in graph.inputs and root[t] == t
                      and t not in shared and t not in views and t != whole)  # fmt: skip
            if op.kind in JOINS:
                usable = usable and t not in graph.outputs
            if usable:
                views[t] = (whole, offset)
            offset += tensor.nbytes
    return views


def leads(graph: Graph, inplace: dict[int, InPlace] | None = None) -> dict[int, int]:
    """Tensor -> bytes it sits into its buffer, behind an output written `lead` bytes before it
    (InPlace.lead): every tensor that shares the input's buffer before that op."""
    inplace = inplace or {}
    shift: dict[int, int] = {}
    if not any(d.lead for d in inplace.values()):
        return shift
    root = alias_roots(graph, inplace)
    before = set(graph.inputs)
    for op in graph.ops:
        decision = inplace.get(op.index)
        if decision is not None and decision.lead:
            group = [t for t in before if root[t] == root[decision.tensor]]
            for t in group:
                shift[t] = shift.get(t, 0) + decision.lead
        before.update(op.outputs)
    return shift


def alias_roots(graph: Graph, inplace: dict[int, InPlace] | None = None) -> dict[int, int]:
    """Map each tensor to the tensor whose storage it shares: views and in-place outputs to their
    input's root, the parts of a join or split that live inside their whole (offset_views) to the
    whole's root, every other tensor to itself."""
    inplace = inplace or {}
    root = _plain_roots(graph, inplace)
    for t, (whole, _offset) in offset_views(graph, inplace).items():
        root[t] = root[whole]
    return root


def spare_scratch_buffers(graph: Graph, taken: set[int]) -> list[Buffer]:
    """Buffers for the scratch a kernel runs faster with but works without (ops.spare_scratch_bytes),
    for ops without a scratch buffer of their own (`taken`)."""
    spare = []
    for step, op in enumerate(graph.ops):
        size = 0 if op.index in taken else spare_scratch_bytes(graph, op)
        if size:
            spare.append(Buffer(f"spare scratch of op #{op.index}", size, step, step, [], op.index, spare=True))
    return spare


def analyze_lifetimes(
    graph: Graph, inplace: dict[int, InPlace] | None = None, control_scratch: dict[int, int] | None = None
) -> list[Buffer]:
    """control_scratch: op index -> bytes a WHILE's or an IF's subgraphs take (planner.plan.ControlPlan),
    its scratch."""
    inplace = inplace or {}
    control_scratch = control_scratch or {}
    root = alias_roots(graph, inplace)
    shift = leads(graph, inplace)
    end = len(graph.ops)
    buffers: dict[int, Buffer] = {}

    def touch(tensor_index: int, step: int) -> None:
        tensor = graph.tensors[tensor_index]
        r = root[tensor_index]
        if graph.tensors[r].is_constant or graph.tensors[r].is_variable:  # flash / the state area
            return
        buf = buffers.get(r)
        if buf is None:
            buf = buffers[r] = Buffer(
                name=graph.tensors[r].name, size=graph.tensors[r].nbytes, first=step, last=step, tensors=[r]
            )
        buf.first = min(buf.first, step)
        buf.last = max(buf.last, step)
        buf.size = max(buf.size, shift.get(tensor_index, 0) + tensor.nbytes)
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
    views = offset_views(graph, inplace)
    for buf in buffers.values():
        if len(buf.tensors) > 1:  # a part inside its whole reaches up to its offset plus its bytes
            buf.extents = [(*_tensor_span(graph, t, end),
                            views.get(t, (t, 0))[1] + shift.get(t, 0) + graph.tensors[t].nbytes)
                           for t in buf.tensors]  # fmt: skip
    ordered = sorted(buffers.values(), key=lambda b: b.tensors[0])
    for step, op in enumerate(graph.ops):
        decision = inplace.get(op.index)
        size = max(decision.scratch if decision else 0, scratch_bytes(graph, op), control_scratch.get(op.index, 0))
        if size:
            ordered.append(Buffer(f"scratch of op #{op.index}", size, step, step, [], op.index))
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
