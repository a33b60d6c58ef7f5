"""Build-time admission of several resident models (seed 004 §2, §6, §7).

Memory classes: weights (resident for the image's lifetime), the activation arena (one per model:
the dispatcher runs a model's requests one at a time; models that never run at the same time may
share one), and per-instance state (fixed variable tensors plus sequence state such as a KV cache:
instances x tokens x bytes per token). Each class lives in a board region; admission holds when,
in every region, the sum of what lives there is within its budget.

Over budget, the degrade ladder is applied in order of reversibility, each step logged:
  1. limit concurrency: models that never overlap share one arena;
  2. shrink sequence state from the lowest priority upward, halving down to a floor (seed 004 §7);
  3. shrink arenas with the memory optimisations that exist (in-place ops, tiling), lowest priority first;
  4. weights: say what it would take (compression is not applied here).
Still over: AdmissionError carrying the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from codegen import report
from codegen.errors import RvfwError

Log = Callable[[str], None]
CLASSES = ("weights", "arena", "state")


class AdmissionError(RvfwError):
    """The models do not fit the budget even after the whole ladder; `table` says by how much."""

    def __init__(self, message: str, table: str):
        super().__init__(message)
        self.table = table


@dataclass(frozen=True)
class Demand:
    """What one model asks of the image. Sizes in bytes; priority 0 is the highest."""

    name: str
    priority: int
    weights: int
    arena: int
    instances: int = 1
    tokens: int = 0  # sequence state: tokens per instance (e.g. KV-cache length)
    tokens_floor: int = 0
    bytes_per_token: int = 0
    fixed_state: int = 0  # per instance: variable tensors, not shrinkable
    stack: int = 0  # the model's own stack, next to its arena
    arena_label: str = "fast"
    # Smaller arenas the memory optimisations give, (label, bytes), in the order to try them.
    arena_options: tuple[tuple[str, int], ...] = ()
    regions: dict[str, str] = field(default_factory=lambda: {c: "memory" for c in CLASSES})

    @property
    def state(self) -> int:
        return self.instances * (self.tokens * self.bytes_per_token + self.fixed_state)

    @property
    def footprint(self) -> int:
        return self.weights + self.arena + self.stack + self.state


@dataclass(frozen=True)
class Step:
    rung: int
    text: str
    freed: int


@dataclass(frozen=True)
class Admission:
    demands: tuple[Demand, ...]
    budgets: dict[str, int]
    # Models sharing one arena; every model is in exactly one slot.
    slots: tuple[tuple[str, ...], ...]
    steps: tuple[Step, ...] = ()

    def demand(self, name: str) -> Demand:
        return next(d for d in self.demands if d.name == name)

    def slot_bytes(self, slot: tuple[str, ...]) -> int:
        """A shared partition holds the largest stack below the largest arena."""
        return max(self.demand(n).stack for n in slot) + max(self.demand(n).arena for n in slot)

    def used(self) -> dict[str, int]:
        used = {region: 0 for region in self.budgets}
        for d in self.demands:
            used[d.regions["weights"]] += d.weights
            used[d.regions["state"]] += d.state
        for slot in self.slots:
            used[self.demand(slot[0]).regions["arena"]] += self.slot_bytes(slot)
        return used

    @property
    def total(self) -> int:
        return sum(self.used().values())

    def over(self) -> dict[str, int]:
        return {r: u - self.budgets[r] for r, u in self.used().items() if u > self.budgets[r]}

    @property
    def ok(self) -> bool:
        return not self.over()

    def table(self) -> str:
        shared = {n: slot for slot in self.slots for n in slot if len(slot) > 1}
        rows = []
        for d in sorted(self.demands, key=lambda d: d.priority):
            arena = f"{d.arena:,} ({d.arena_label})"
            if d.name in shared:
                arena += " shared with " + "+".join(n for n in shared[d.name] if n != d.name)
            state = f"{d.state:,}" + (f" ({d.instances}x{d.tokens} tokens)" if d.bytes_per_token else "")
            rows.append([d.name, d.priority, d.instances, f"{d.weights:,}", arena, state, f"{d.stack:,}"])
        models = report.table(
            ["model", "priority", "instances", "weights", "arena", "state", "stack"], rows, right={1, 2, 3, 6}
        )
        used = self.used()
        region_rows = []
        for region, budget in self.budgets.items():
            classes = sorted({c for d in self.demands for c, r in d.regions.items() if r == region})
            left = budget - used[region]
            status = f"{left:,} free" if left >= 0 else f"over by {-left:,}"
            region_rows.append([region, "+".join(classes) or "-", f"{used[region]:,}", f"{budget:,}", status])
        regions = report.table(["region", "holds", "needed", "budget", ""], region_rows, right={2, 3, 4})
        return f"{models}\n{regions}"


def conflicts(names: Iterable[str], groups: list[set[str]] | None) -> set[frozenset[str]]:
    """Pairs of models that may run at the same time. No groups: every pair may."""
    names = list(names)
    if groups is None:
        return {frozenset((a, b)) for i, a in enumerate(names) for b in names[i + 1 :]}
    return {frozenset((a, b)) for g in groups for a in g for b in g if a != b}


def share_arenas(adm: Admission, groups: list[set[str]] | None) -> Admission:
    """Rung 1: pack models into as few arena slots as their overlaps allow (largest arena first)."""
    clash = conflicts((d.name for d in adm.demands), groups)
    slots: list[list[str]] = []
    for d in sorted(adm.demands, key=lambda d: (-(d.arena + d.stack), d.priority)):
        for slot in slots:
            if all(frozenset((d.name, other)) not in clash for other in slot):
                slot.append(d.name)
                break
        else:
            slots.append([d.name])
    return replace(adm, slots=tuple(tuple(s) for s in slots))


def admit(
    demands: list[Demand],
    budgets: dict[str, int],
    groups: list[set[str]] | None = None,
    log: Log = print,
    ladder: bool = True,
) -> Admission:
    """Check the budget; over it, walk the degrade ladder. Returns the admitted configuration."""
    adm = Admission(tuple(demands), dict(budgets), tuple((d.name,) for d in demands))
    log(f"admission: {adm.total:,} bytes needed before the ladder")
    log(adm.table())
    if adm.ok or not ladder:
        return _final(adm, log)

    # 1. Limit concurrency: one arena for models that never run at the same time.
    shared = share_arenas(adm, groups)
    freed = adm.total - shared.total
    if freed > 0:
        merged = "; ".join("+".join(s) for s in shared.slots if len(s) > 1)
        adm = _step(shared, 1, f"limit concurrency: one arena for {merged} (never run together)", freed, log)
    else:
        log("step 1 (limit concurrency): nothing to share: every pair of models may run together")

    # 2. Shrink sequence state, lowest priority first, halving to the floor.
    if not any(d.bytes_per_token and d.tokens > d.tokens_floor for d in adm.demands):
        log("step 2 (sequence state): no model has sequence state above its floor")
    for d in sorted(adm.demands, key=lambda d: -d.priority):
        while adm.over().get(d.regions["state"]) and d.bytes_per_token and d.tokens > d.tokens_floor:
            old = d.tokens
            d = replace(d, tokens=max(old // 2, d.tokens_floor))
            freed = (old - d.tokens) * d.instances * d.bytes_per_token
            adm = _replace(adm, d)
            adm = _step(adm, 2, f"{d.name} seq {old} -> {d.tokens}", freed, log)

    # 3. Smaller arenas from in-place ops and tiling, lowest priority first.
    if not any(d.arena_options for d in adm.demands):
        log("step 3 (arena): no smaller arena plan to try")
    for d in sorted(adm.demands, key=lambda d: -d.priority):
        for label, size in d.arena_options:
            if not adm.over().get(d.regions["arena"]) or size >= d.arena:
                continue
            before = adm.total
            old = d
            d = replace(d, arena=size, arena_label=label)
            adm = _replace(adm, d)
            text = f"{d.name} arena {old.arena:,} ({old.arena_label}) -> {size:,} ({label})"
            adm = _step(adm, 3, text, before - adm.total, log)

    # 4. Weights: nothing reversible is left; say what it would take.
    weight_regions = {d.regions["weights"] for d in adm.demands}
    for region, short in adm.over().items():
        if region in weight_regions:
            users = sorted((d for d in adm.demands if d.regions["weights"] == region), key=lambda d: -d.priority)
            names = ", ".join(f"{d.name} {d.weights:,}" for d in users)
            log(
                f"step 4 (weights): {region} is still over by {short:,} bytes; the weights there ({names}) would "
                f"have to shrink by that much (compression), or a model must leave the image"
            )
    return _final(adm, log)


def _replace(adm: Admission, d: Demand) -> Admission:
    return replace(adm, demands=tuple(d if o.name == d.name else o for o in adm.demands))


def _step(adm: Admission, rung: int, text: str, freed: int, log: Log) -> Admission:
    names = {1: "limit concurrency", 2: "sequence state", 3: "arena"}
    log(f"step {rung} ({names[rung]}): {text.removeprefix('limit concurrency: ')}: frees {freed:,} bytes")
    return replace(adm, steps=(*adm.steps, Step(rung, text, freed)))


def _final(adm: Admission, log: Log) -> Admission:
    if adm.steps:
        log(f"admission: {adm.total:,} bytes needed after the ladder")
        log(adm.table())
    over = adm.over()
    if over:
        where = ", ".join(f"{r} by {n:,} bytes" for r, n in over.items())
        raise AdmissionError(f"the models do not fit: over budget in {where}", adm.table())
    return adm
