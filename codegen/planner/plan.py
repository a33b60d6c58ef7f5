"""Apply a placement: the per-tensor arena plan the emitter consumes, plus the overlap checker."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RvfwError
from ..ir import Graph
from .algorithms import get_algorithm
from .analysis import Buffer, analyze_lifetimes, lifetime_lower_bound

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


def plan_memory(graph: Graph, algorithm: str = "best", alignment: int = DEFAULT_ALIGNMENT) -> MemoryPlan:
    buffers = analyze_lifetimes(graph)
    offsets = get_algorithm(algorithm)(buffers, alignment)
    arena = max((o + b.size for o, b in zip(offsets, buffers)), default=0)
    arena = (arena + alignment - 1) // alignment * alignment
    tensor_offsets = {t: o for b, o in zip(buffers, offsets) for t in b.tensors}
    plan = MemoryPlan(algorithm, alignment, buffers, offsets, arena, lifetime_lower_bound(buffers), tensor_offsets)
    check_overlaps(plan)
    return plan


def check_overlaps(plan: MemoryPlan) -> None:
    """Raise if two buffers that are live at the same time share a byte, or one is misaligned."""
    items = list(zip(plan.buffers, plan.offsets))
    for i, (a, oa) in enumerate(items):
        if oa % plan.alignment or oa + a.size > plan.arena_size:
            raise RvfwError(f"planner '{plan.algorithm}' placed {a.name} badly at offset {oa}")
        for b, ob in items[i + 1 :]:
            if a.overlaps_in_time(b) and oa < ob + b.size and ob < oa + a.size:
                raise RvfwError(f"planner '{plan.algorithm}' overlaps {a.name} and {b.name}")
