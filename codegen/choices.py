"""The words a build is asked for, as types every stage takes: the kernel set, the memory mode, the
optimisation goal and the arena planner. They are StrEnums, so they print and serialise as the
words the command line takes; the edge (codegen.pipeline.options.BuildOptions, the command line,
the API) turns a word into one of these once, and below it code compares members, not strings."""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from codegen.errors import RvfwError

E = TypeVar("E", bound=StrEnum)


class KernelSet(StrEnum):
    AUTO = "auto"  # the board's best: its vector set where it has one, else the fast scalar kernels
    REF = "ref"
    SCALAR = "scalar"
    RVV = "rvv"
    XTHEAD = "xthead"


# The kernel sets the kernel registry holds kernels of (AUTO is a request, not a set).
SETS: tuple[KernelSet, ...] = (KernelSet.REF, KernelSet.SCALAR, KernelSet.RVV, KernelSet.XTHEAD)
VECTOR_SETS: tuple[KernelSet, ...] = (KernelSet.RVV, KernelSet.XTHEAD)


class MemoryMode(StrEnum):
    AUTO = "auto"  # the fastest plan that fits the board
    FAST = "fast"
    SMALL = "small"  # ops in place over inputs that die there
    TILED = "tiled"  # small, and stages of layers streamed through line buffers


PLANNED_MODES: tuple[MemoryMode, ...] = (MemoryMode.FAST, MemoryMode.SMALL, MemoryMode.TILED)


class Optimize(StrEnum):
    SPEED = "speed"
    SIZE = "size"


class Planner(StrEnum):
    BEST = "best"
    EXACT = "exact"
    FIRST_FIT_BY_FIRST_USE = "first_fit_by_first_use"
    GREEDY_BY_CONFLICTS = "greedy_by_conflicts"
    GREEDY_BY_SIZE = "greedy_by_size"
    NO_REUSE = "no_reuse"


def choose(enum: type[E], value: str, label: str) -> E:
    """The member named by `value` (a member already, or its word), or one line naming the choices."""
    try:
        return enum(value)
    except ValueError:
        raise RvfwError(f"unknown {label} '{value}' (choose from: {', '.join(m.value for m in enum)})") from None
