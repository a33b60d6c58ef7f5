"""The memory plan's data types: what the planner makes and the ops, the emitter and the reports read.

They sit below both the op contracts and the planner (the planner asks the ops for their views and
scratch; the ops' lowerings read the plan), so neither imports the other for them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field


@dataclass(frozen=True)
class View:
    """An op's declaration that its operand `part` is exactly the bytes [offset, offset + part's
    bytes) of its operand `whole`, so the two can share storage and the op moves nothing for it.

    Which way the data flows follows from where `part` stands in the op: an output part (RESHAPE,
    a contiguous SPLIT part or SLICE) is read in place from its input; an input part (a contiguous
    CONCATENATION or PACK input) is written by its producer straight into its slice of the output.
    A declaration is a possibility: the planner takes it only where sharing is safe
    (planner.views), and the op copies where it was not taken."""

    part: int
    whole: int
    offset: int


@dataclass(frozen=True)
class InPlace:
    tensor: int  # the input whose buffer the output takes over (-1: none, scratch only)
    scratch: int  # bytes of scratch the op's kernels need
    # The output starts this many bytes before the input (a tiled stage writes its output rows
    # behind the input rows it still reads: planner.tiling.StageTiling.lead); the buffer grows by
    # as much, and every tensor in it before the op sits that far in.
    lead: int = 0


@dataclass
class Buffer:
    """One arena allocation; `tensors` are the tensor indices stored in it (the first is the root).

    `size` is the most it ever holds. A buffer shared by in-place ops can hold less at some
    steps (a pointwise convolution that widens the channels grows it in place): `extents` lists
    (first, last, end byte) per tensor, and size_at(step) is the largest live one.
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


@dataclass
class MemoryPlan:
    algorithm: str
    alignment: int
    buffers: list[Buffer]
    offsets: list[int]
    arena_size: int
    lower_bound: int
    tensor_offsets: dict[int, int]  # every arena tensor, views included
    scratch_offsets: dict[int, int] = field(default_factory=dict)  # op index -> its scratch buffer
    inplace: dict[int, InPlace] = field(default_factory=dict)  # op index -> the input it overwrites
    # (op index, part) -> the op's declared view the plan took: the op moves nothing for that part
    views: dict[tuple[int, int], View] = field(default_factory=dict)
    # Variable tensors (state that persists across inferences) live in their own area, not the arena.
    state_offsets: dict[int, int] = field(default_factory=dict)
    state_size: int = 0
    # op index -> its spare scratch (ops.spare_scratch_bytes), where it fit without growing the arena
    spare_offsets: dict[int, int] = field(default_factory=dict)
    # WHILE or IF op index -> the plans of its subgraphs, inside its scratch
    control: dict[int, ControlPlan] = field(default_factory=dict)

    def shifted(self, base: int) -> MemoryPlan:
        """This plan with every arena offset moved by base (a loop's subgraph inside its scratch)."""
        return dataclasses.replace(
            self,
            offsets=[o + base for o in self.offsets],
            tensor_offsets={t: o + base for t, o in self.tensor_offsets.items()},
            scratch_offsets={k: o + base for k, o in self.scratch_offsets.items()},
            spare_offsets={k: o + base for k, o in self.spare_offsets.items()},
        )

    def scratch_spans(self) -> dict[int, list[tuple[int, int]]]:
        """op index -> the [start, end) byte ranges of its scratch (own, spare, a control op's subgraphs)."""
        spans: dict[int, list[tuple[int, int]]] = {}
        for buf, offset in zip(self.buffers, self.offsets):
            if buf.scratch_of is not None:
                spans.setdefault(buf.scratch_of, []).append((offset, offset + buf.size))
        return spans


@dataclass
class ControlPlan:
    """The arena of a WHILE's or an IF's subgraphs (Op.subgraphs), inside the op's scratch: each
    subgraph's plan and where it starts in the scratch. WHILE: the body's plan (its inputs, the
    values the loop carries, live through every iteration) then the cond's after it; IF: both
    branches from the start (one of them runs)."""

    plans: tuple[MemoryPlan, ...]  # in Op.subgraphs' order
    bases: tuple[int, ...]
    size: int
