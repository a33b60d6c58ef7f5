"""Arena placement algorithms: pure functions from buffers to byte offsets.

Each takes the buffers from analysis and an alignment and returns one offset per buffer (same
order). They are registered by name; ties always break on buffer order, so every plan is
deterministic. `best` runs the others and keeps the smallest arena.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable

from codegen.choices import Planner, choose
from codegen.memplan import Buffer

Algorithm = Callable[[list[Buffer], int], list[int]]
EXACT_MAX_BUFFERS = 12
EXACT_NODE_BUDGET = 200_000


def _align(value: int, alignment: int) -> int:
    return (value + alignment - 1) // alignment * alignment


def clash(a: Buffer, offset_a: int, b: Buffer, offset_b: int) -> bool:
    """Whether two placed buffers share a byte at some step when both are live."""
    if not a.overlaps_in_time(b):
        return False
    first, last = max(a.first, b.first), min(a.last, b.last)
    return offset_a < offset_b + b.size_within(first, last) and offset_b < offset_a + a.size_within(first, last)


def _lowest_fit(buf: Buffer, placed: list[tuple[int, Buffer]], alignment: int) -> int:
    """The lowest aligned offset where buf shares no byte with a placed buffer live at the same time.

    Sizes are taken over the steps the two share, so a buffer that grows late can sit below one
    that is gone by then. `placed`: the placed buffers live at some step of buf's (_Placed.near)."""
    blocked = []  # start offsets [lo, hi) that would clash
    for o, other in placed:
        if other.overlaps_in_time(buf):
            first, last = max(buf.first, other.first), min(buf.last, other.last)
            mine, theirs = buf.size_within(first, last), other.size_within(first, last)
            if mine and theirs:
                blocked.append((o - mine + 1, o + theirs))
    candidate = 0
    for lo, hi in sorted(blocked):
        if candidate < lo:
            continue
        if candidate < hi:
            candidate = _align(hi, alignment)
    return candidate


class _Placed:
    """Placed buffers indexed by the steps they live at: a buffer is checked only against those it
    shares a step with (linear in a chain's length, where every buffer lives a step or two)."""

    def __init__(self) -> None:
        self.at: dict[int, list[int]] = {}
        self.items: list[tuple[int, Buffer]] = []

    def add(self, offset: int, buf: Buffer) -> None:
        self.items.append((offset, buf))
        for step in range(buf.first, buf.last + 1):
            self.at.setdefault(step, []).append(len(self.items) - 1)

    def near(self, buf: Buffer) -> list[tuple[int, Buffer]]:
        found: set[int] = set()
        for step in range(buf.first, buf.last + 1):
            found.update(self.at.get(step, ()))
        return [self.items[k] for k in sorted(found)]


def _place_in_order(buffers: list[Buffer], order: list[int], alignment: int) -> list[int]:
    offsets = [0] * len(buffers)
    placed = _Placed()
    for i in order:
        offsets[i] = _lowest_fit(buffers[i], placed.near(buffers[i]), alignment)
        placed.add(offsets[i], buffers[i])
    return offsets


def fit_into(buffers: list[Buffer], offsets: list[int], extra: Buffer, alignment: int) -> int:
    """The lowest offset for one more buffer in a finished placement (the others stay where they are)."""
    near = [(o, b) for o, b in zip(offsets, buffers) if b.overlaps_in_time(extra)]
    return _lowest_fit(extra, near, alignment)


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
    2. Place each at the lowest aligned offset that overlaps no placed buffer live at the same time.
    Not optimal: a large early choice can fragment the arena for later ones.
    """
    order = sorted(range(len(buffers)), key=lambda i: (-buffers[i].size, buffers[i].first, i))
    return _place_in_order(buffers, order, alignment)


def first_fit_by_first_use(buffers: list[Buffer], alignment: int) -> list[int]:
    """The seed's allocator (000, section 8): buffers in the order they are first written, each at the
    lowest offset free of conflicts. Good on chains; a long-lived early tensor can strand gaps."""
    order = sorted(range(len(buffers)), key=lambda i: (buffers[i].first, i))
    return _place_in_order(buffers, order, alignment)


def greedy_by_conflicts(buffers: list[Buffer], alignment: int) -> list[int]:
    """TVM USMP's greedy by conflicts: the buffers that overlap the most others go first (ties: size,
    then index), so the hardest to place get the low offsets."""
    degree = conflict_degrees(buffers)
    order = sorted(range(len(buffers)), key=lambda i: (-degree[i], -buffers[i].size, i))
    return _place_in_order(buffers, order, alignment)


def conflict_degrees(buffers: list[Buffer]) -> list[int]:
    """Per buffer, how many others are live at some step it is: all but those that start after it
    ends or end before it starts (two sorted lists and bisection, not every pair)."""
    firsts = sorted(b.first for b in buffers)
    lasts = sorted(b.last for b in buffers)
    n = len(buffers)
    return [n - 1 - (n - bisect.bisect_right(firsts, b.last)) - bisect.bisect_left(lasts, b.first) for b in buffers]


def exact(buffers: list[Buffer], alignment: int) -> list[int]:
    """Depth-first search over placements for small graphs.

    1. Start from the best greedy plan as the bound.
    2. Place buffers largest first; each may go at 0 or right after any placed buffer it conflicts
       with (an optimal packing exists among such offsets), if it overlaps nothing live there.
    3. Prune any branch whose arena already reaches the bound.
    Optimal for graphs of at most EXACT_MAX_BUFFERS buffers when the search finishes within
    EXACT_NODE_BUDGET nodes; otherwise it returns the best plan found so far.
    """
    seed = min((alg(buffers, alignment) for alg in GREEDY), key=lambda o: _arena(buffers, o, alignment))
    if len(buffers) > EXACT_MAX_BUFFERS:
        return seed
    order = sorted(range(len(buffers)), key=lambda i: (-buffers[i].size, buffers[i].first, i))
    best = {"size": _arena(buffers, seed, alignment), "offsets": seed}
    offsets = [0] * len(buffers)
    nodes = 0

    def search(k: int, placed: list[int], top: int) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > EXACT_NODE_BUDGET or top >= best["size"]:
            return
        if k == len(order):
            best["size"], best["offsets"] = top, list(offsets)
            return
        i = order[k]
        buf = buffers[i]
        candidates = sorted({0} | {_align(offsets[j] + buffers[j].size, alignment) for j in placed
                                   if buffers[j].overlaps_in_time(buf)})  # fmt: skip
        for start in candidates:
            if any(
                buffers[j].overlaps_in_time(buf)
                and start < offsets[j] + buffers[j].size
                and offsets[j] < start + buf.size
                for j in placed
            ):
                continue
            offsets[i] = start
            search(k + 1, [*placed, i], max(top, _align(start + buf.size, alignment)))

    search(0, [], 0)
    return best["offsets"]


def best(buffers: list[Buffer], alignment: int) -> list[int]:
    """Run every algorithm above and keep the smallest arena (ties: registry order)."""
    results = [alg(buffers, alignment) for alg in (*GREEDY, exact)]
    return min(results, key=lambda o: _arena(buffers, o, alignment))


def _arena(buffers: list[Buffer], offsets: list[int], alignment: int) -> int:
    return _align(max((o + b.size for o, b in zip(offsets, buffers)), default=0), alignment)


GREEDY: tuple[Algorithm, ...] = (greedy_by_size, greedy_by_conflicts, first_fit_by_first_use)

ALGORITHMS: dict[Planner, Algorithm] = {
    Planner.BEST: best,
    Planner.EXACT: exact,
    Planner.FIRST_FIT_BY_FIRST_USE: first_fit_by_first_use,
    Planner.GREEDY_BY_CONFLICTS: greedy_by_conflicts,
    Planner.GREEDY_BY_SIZE: greedy_by_size,
    Planner.NO_REUSE: no_reuse,
}


def get_algorithm(name: Planner | str) -> Algorithm:
    return ALGORITHMS[choose(Planner, name, "planner")]
