"""Static arena planning: analysis (lifetimes) -> algorithm (offsets) -> apply (per-tensor plan)."""

from codegen.planner.algorithms import ALGORITHMS, get_algorithm
from codegen.planner.analysis import Buffer, analyze_lifetimes, lifetime_lower_bound
from codegen.planner.plan import MemoryPlan, check_arena, check_overlaps, plan_memory

__all__ = [
    "ALGORITHMS",
    "Buffer",
    "MemoryPlan",
    "analyze_lifetimes",
    "check_arena",
    "check_overlaps",
    "get_algorithm",
    "lifetime_lower_bound",
    "plan_memory",
]
