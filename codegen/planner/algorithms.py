"""Arena placement algorithms: pure functions from buffers to byte offsets.

Each takes the buffers from analysis and an alignment and returns one offset per
buffer (same order). Registered by name; ties break on buffer order, so every
plan is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import RvfwError
from .analysis import Buffer

Algorithm = Callable[[list[Buffer], int], list[int]]


def _align(value: int, alignment: int) -> int:
    return (value + alignment - 1) // alignment * alignment


def no_reuse(buffers: list[Buffer], alignment: int) -> list[int]:
    """Baseline: every buffer gets its own bytes, one after another."""
    offsets, cursor = [], 0
    for buf in buffers:
        offsets.append(cursor)
        cursor = _align(cursor + buf.size, alignment)
    return offsets


def greedy_by_size(buffers: list[Buffer], alignment: int) -> list[int]:
    """TFLite Micro's greedy planner.

    1. Order buffers by size, largest first (ties: earlier first use, then index).
    2. For each, collect the already placed buffers whose lifetimes overlap it,
       sorted by offset.
    3. Place it in the lowest aligned gap between those that is big enough,
       or after the last of them.
    Not optimal: a large early choice can fragment the arena for later ones.
    """
    order = sorted(range(len(buffers)), key=lambda i: (-buffers[i].size, buffers[i].first, i))
    offsets: list[int | None] = [None] * len(buffers)
    placed: list[int] = []
    for i in order:
        buf = buffers[i]
        conflicts = sorted(
            (offsets[j], offsets[j] + buffers[j].size) for j in placed if buffers[j].overlaps_in_time(buf)
        )
        candidate = 0
        for start, end in conflicts:
            if candidate + buf.size <= start:
                break
            candidate = max(candidate, _align(end, alignment))
        offsets[i] = candidate
        placed.append(i)
    return [int(o) for o in offsets]


ALGORITHMS: dict[str, Algorithm] = {
    "greedy_by_size": greedy_by_size,
    "no_reuse": no_reuse,
}


def get_algorithm(name: str) -> Algorithm:
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise RvfwError(f"unknown planner '{name}' (choose from: {', '.join(sorted(ALGORITHMS))})") from None
