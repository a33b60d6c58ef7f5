"""Apply a placement: the per-tensor arena plan the emitter consumes, plus the overlap checker."""

from __future__ import annotations

import dataclasses

from codegen.errors import RvfwError
from codegen.ir import Graph, Op, OpKind
from codegen.memplan import Buffer, ControlPlan, InPlace, MemoryPlan
from codegen.planner.algorithms import clash, fit_into, get_algorithm
from codegen.planner.analysis import analyze_lifetimes, lifetime_lower_bound, spare_scratch_buffers
from codegen.planner.arena_check import check_plan
from codegen.planner.views import resolve

__all__ = ["ControlPlan", "MemoryPlan", "check_arena", "check_overlaps", "plan_control", "plan_memory"]

DEFAULT_ALIGNMENT = 16
# Above this many spare-scratch candidates, one that fits no gap of the plan is dropped rather than
# re-planning the arena for it (each re-plan runs every algorithm: 1,000 ADDs took a minute).
SPARE_REPLANS = 64


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
    spare_growth: int = 0,
) -> MemoryPlan:
    """Offsets for every activation tensor (and in-place scratch), checked overlap-free. Spare
    scratch is placed where it is free, or where the arena grows by at most 1/spare_growth of
    itself (0: never)."""
    inplace = inplace or {}
    control = {op.index: plan_control(op, algorithm, alignment) for op in graph.ops if op.subgraphs}
    storage = resolve(graph, inplace)
    buffers = analyze_lifetimes(graph, inplace, {k: c.size for k, c in control.items()}, storage)
    place = get_algorithm(algorithm)
    offsets = place(buffers, alignment)
    arena = _arena_of(buffers, offsets, alignment)
    limit = arena + (arena // spare_growth if spare_growth else 0)
    # Spare scratch only where it is free (or within the growth allowed): each op's, in turn, kept
    # when the arena stays within the limit: first in a gap of the plan as it is, else (small
    # graphs: every spare buffer re-plans the whole arena) by planning again with it.
    spare = spare_scratch_buffers(graph, {b.scratch_of for b in buffers if b.scratch_of is not None})
    for extra in spare:
        gap = fit_into(buffers, offsets, extra, alignment)
        if gap + extra.size <= max(arena, limit):
            buffers, offsets = [*buffers, extra], [*offsets, gap]
            arena = max(arena, _arena_of(buffers, offsets, alignment))
            continue
        if len(spare) > SPARE_REPLANS:
            continue
        trial = [*buffers, extra]
        trial_offsets = place(trial, alignment)
        trial_arena = _arena_of(trial, trial_offsets, alignment)
        if trial_arena <= max(arena, limit):
            buffers, offsets, arena = trial, trial_offsets, trial_arena
    placed = {g: storage.placed(g) for g in {storage.root(t) for b in buffers for t in b.tensors}}
    tensor_offsets = {t: o + placed[storage.root(t)][t] for b, o in zip(buffers, offsets) for t in b.tensors}
    scratch_offsets = {b.scratch_of: o for b, o in zip(buffers, offsets) if b.scratch_of is not None and not b.spare}
    spare_offsets = {b.scratch_of: o for b, o in zip(buffers, offsets) if b.spare}
    bound = lifetime_lower_bound([b for b in buffers if not b.spare])
    state_offsets, state_size = plan_state(graph, alignment)
    plan = MemoryPlan(algorithm, alignment, buffers, offsets, arena, bound, tensor_offsets, scratch_offsets, inplace,
                      dict(storage.views), state_offsets, state_size, spare_offsets, control)  # fmt: skip
    check_overlaps(plan)
    check_arena(graph, plan)
    return plan


def check_arena(graph: Graph, plan: MemoryPlan) -> None:
    """Raise if the plan lets a write clobber bytes a live tensor still needs (planner.arena_check):
    a planner bug, never the model's, so it stops the build rather than emit a wrong image."""
    problems = check_plan(graph, plan)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise RvfwError(f"internal error: the arena plan of {graph.name} is unsafe: {problems[0]}{more}")


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
    # Swept in order of first step: each buffer is checked against the earlier ones still live.
    items = sorted(zip(plan.buffers, plan.offsets), key=lambda item: item[0].first)
    active: list[tuple[Buffer, int]] = []
    for a, oa in items:
        if oa % plan.alignment or oa + a.size > plan.arena_size:
            raise RvfwError(f"planner '{plan.algorithm}' placed {a.name} badly at offset {oa}")
        active = [(b, ob) for b, ob in active if b.last >= a.first]
        for b, ob in active:
            if clash(a, oa, b, ob):
                raise RvfwError(f"planner '{plan.algorithm}' overlaps {b.name} and {a.name}")
        active.append((a, oa))
