"""Apply a placement: the per-tensor arena plan the emitter consumes, plus the overlap checker."""

from __future__ import annotations

from dataclasses import dataclass, field

from codegen.errors import RvfwError
from codegen.ir import Graph
from codegen.planner.algorithms import clash, get_algorithm
from codegen.planner.analysis import (
    Buffer,
    analyze_lifetimes,
    lifetime_lower_bound,
    offset_views,
    spare_scratch_buffers,
)
from codegen.planner.inplace import InPlace

DEFAULT_ALIGNMENT = 16


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
    views: dict[int, tuple[int, int]] = field(default_factory=dict)  # part -> (whole, byte offset)
    # Variable tensors (state that persists across inferences) live in their own area, not the arena.
    state_offsets: dict[int, int] = field(default_factory=dict)
    state_size: int = 0
    # op index -> its spare scratch (ops.spare_scratch_bytes), where it fit without growing the arena
    spare_offsets: dict[int, int] = field(default_factory=dict)


def plan_memory(
    graph: Graph,
    algorithm: str = "best",
    alignment: int = DEFAULT_ALIGNMENT,
    inplace: dict[int, InPlace] | None = None,
) -> MemoryPlan:
    """Offsets for every activation tensor (and in-place scratch), checked overlap-free."""
    inplace = inplace or {}
    buffers = analyze_lifetimes(graph, inplace)
    place = get_algorithm(algorithm)
    offsets = place(buffers, alignment)
    arena = _arena_of(buffers, offsets, alignment)
    # Spare scratch only where it is free: each op's, in turn, kept when the arena did not grow.
    for extra in spare_scratch_buffers(graph, {b.scratch_of for b in buffers if b.scratch_of is not None}):
        trial = [*buffers, extra]
        trial_offsets = place(trial, alignment)
        trial_arena = _arena_of(trial, trial_offsets, alignment)
        if trial_arena <= arena:
            buffers, offsets, arena = trial, trial_offsets, trial_arena
    views = offset_views(graph, inplace)
    tensor_offsets = {t: o + views.get(t, (t, 0))[1] for b, o in zip(buffers, offsets) for t in b.tensors}
    scratch_offsets = {b.scratch_of: o for b, o in zip(buffers, offsets) if b.scratch_of is not None and not b.spare}
    spare_offsets = {b.scratch_of: o for b, o in zip(buffers, offsets) if b.spare}
    bound = lifetime_lower_bound([b for b in buffers if not b.spare])
    state_offsets, state_size = plan_state(graph, alignment)
    plan = MemoryPlan(algorithm, alignment, buffers, offsets, arena, bound, tensor_offsets, scratch_offsets, inplace,
                      views, state_offsets, state_size, spare_offsets)  # fmt: skip
    check_overlaps(plan)
    return plan


def _arena_of(buffers: list[Buffer], offsets: list[int], alignment: int) -> int:
    arena = max((o + b.size for o, b in zip(offsets, buffers)), default=0)
    return (arena + alignment - 1) // alignment * alignment


def plan_state(graph: Graph, alignment: int) -> tuple[dict[int, int], int]:
    """Offsets of the variable tensors in the state area, one after the other, each aligned; and
    the area's size. All of them live for the whole program, so nothing overlaps."""
    offsets, size = {}, 0
    for index in graph.variables:
        offsets[index] = size
        size += (graph.tensors[index].nbytes + alignment - 1) // alignment * alignment
    return offsets, size


def check_overlaps(plan: MemoryPlan) -> None:
    """Raise if two buffers that are live at the same time share a byte, or one is misaligned."""
    items = list(zip(plan.buffers, plan.offsets))
    for i, (a, oa) in enumerate(items):
        if oa % plan.alignment or oa + a.size > plan.arena_size:
            raise RvfwError(f"planner '{plan.algorithm}' placed {a.name} badly at offset {oa}")
        for b, ob in items[i + 1 :]:
            if clash(a, oa, b, ob):
                raise RvfwError(f"planner '{plan.algorithm}' overlaps {a.name} and {b.name}")
