"""Apply a placement: the per-tensor arena plan the emitter consumes, plus the overlap checker."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from codegen.errors import RvfwError
from codegen.ir import Graph, Op, OpKind
from codegen.planner.algorithms import clash, get_algorithm
from codegen.planner.analysis import (
    Buffer,
    analyze_lifetimes,
    leads,
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


@dataclass
class ControlPlan:
    """The arena of a WHILE's or an IF's subgraphs (Op.subgraphs), inside the op's scratch: each
    subgraph's plan and where it starts in the scratch. WHILE: the body's plan (its inputs, the
    values the loop carries, live through every iteration) then the cond's after it; IF: both
    branches from the start (one of them runs)."""

    plans: tuple[MemoryPlan, ...]  # in Op.subgraphs' order
    bases: tuple[int, ...]
    size: int


def plan_control(op: Op, algorithm: str, alignment: int) -> ControlPlan:
    if op.kind is OpKind.IF:
        plans = tuple(plan_memory(branch, algorithm, alignment) for branch in op.subgraphs)
        return ControlPlan(plans, (0, 0), max(p.arena_size for p in plans))
    cond, body = op.subgraphs
    # The carried values are read all through the body and written back after it: planned live to
    # its end (as outputs), so no body tensor shares their bytes and the copies back never overlap.
    carried = dataclasses.replace(body, outputs=tuple(dict.fromkeys((*body.outputs, *body.inputs))))
    body_plan = plan_memory(carried, algorithm, alignment)
    cond_plan = plan_memory(cond, algorithm, alignment)
    base = (body_plan.arena_size + alignment - 1) // alignment * alignment
    return ControlPlan((cond_plan, body_plan), (base, 0), base + cond_plan.arena_size)


def plan_memory(
    graph: Graph,
    algorithm: str = "best",
    alignment: int = DEFAULT_ALIGNMENT,
    inplace: dict[int, InPlace] | None = None,
) -> MemoryPlan:
    """Offsets for every activation tensor (and in-place scratch), checked overlap-free."""
    inplace = inplace or {}
    control = {op.index: plan_control(op, algorithm, alignment) for op in graph.ops if op.subgraphs}
    buffers = analyze_lifetimes(graph, inplace, {k: c.size for k, c in control.items()})
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
    shift = leads(graph, inplace)
    tensor_offsets = {t: o + views.get(t, (t, 0))[1] + shift.get(t, 0) for b, o in zip(buffers, offsets)
                      for t in b.tensors}  # fmt: skip
    scratch_offsets = {b.scratch_of: o for b, o in zip(buffers, offsets) if b.scratch_of is not None and not b.spare}
    spare_offsets = {b.scratch_of: o for b, o in zip(buffers, offsets) if b.spare}
    bound = lifetime_lower_bound([b for b in buffers if not b.spare])
    state_offsets, state_size = plan_state(graph, alignment)
    plan = MemoryPlan(algorithm, alignment, buffers, offsets, arena, bound, tensor_offsets, scratch_offsets, inplace,
                      views, state_offsets, state_size, spare_offsets, control)  # fmt: skip
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
