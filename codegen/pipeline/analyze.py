"""`rvfw analyze` (issue 58): what a model costs on a board without building anything, as
X-CUBE-AI's analyze reports it and more: per layer the MACs, the weights it reads from flash and
the activations it touches, the arena each memory mode plans, and the time at the board's clock
estimated from the cycles per MAC measured on that board (the board file's `performance`).

Only the front half runs (load, passes, plans): no C, no compiler, no simulator."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from codegen import ops
from codegen.boards import Board, load_board
from codegen.errors import one_line
from codegen.pipeline.loading import Log, load
from codegen.pipeline.memory import PLANNED_MODES, MemoryOptions, arena_budget


@dataclass(frozen=True)
class LayerCost:
    index: int  # the op's index in the graph after its passes
    kind: str
    dtype: str
    output: tuple[int, ...]
    macs: int
    weights: int  # bytes of constant operands (flash)
    activations: int  # bytes of the arena operands it reads and writes


@dataclass
class Analysis:
    model: str
    board: str
    layers: list[LayerCost]
    arenas: dict[str, int]  # memory mode -> planned arena bytes (each at most fast's)
    notes: dict[str, str] = field(default_factory=dict)  # memory mode -> why it kept another plan
    arena_budget: int = 0
    cycles_per_mac: float | None = None  # the board's measured figure (None: the board names none)
    basis: str = ""  # where that figure comes from
    cpu_hz: int = 0
    clock_known: bool = True

    @property
    def macs(self) -> int:
        return sum(layer.macs for layer in self.layers)

    @property
    def weights(self) -> int:
        return sum(layer.weights for layer in self.layers)

    def ms(self, macs: int) -> float | None:
        if self.cycles_per_mac is None:
            return None
        return 1000.0 * macs * self.cycles_per_mac / self.cpu_hz

    def to_json(self) -> dict:
        return {
            "model": self.model, "board": self.board, "macs": self.macs, "weights_bytes": self.weights,
            "arena_bytes": self.arenas, "arena_budget": self.arena_budget, "notes": self.notes,
            "cycles_per_mac": self.cycles_per_mac, "cycles_per_mac_basis": self.basis, "clock_hz": self.cpu_hz,
            "estimated_ms": self.ms(self.macs),
            "layers": [{"op": c.index, "kind": c.kind, "dtype": c.dtype, "output": list(c.output), "macs": c.macs,
                        "weights_bytes": c.weights, "activation_bytes": c.activations,
                        "estimated_ms": self.ms(c.macs) if c.macs else None} for c in self.layers],
        }  # fmt: skip


def layer_costs(graph) -> list[LayerCost]:
    costs = []
    for op in graph.ops:
        operands = [graph.tensors[i] for i in (*op.inputs, *op.outputs) if i >= 0]
        weights = sum(t.nbytes for t in operands if t.is_constant)
        activations = sum(t.nbytes for t in operands if not t.is_constant and not t.is_variable)
        out = graph.tensors[op.outputs[0]] if op.outputs else None
        costs.append(LayerCost(op.index, op.kind.value, out.dtype.name.lower() if out else "-",
                               tuple(out.shape) if out else (), ops.macs(graph, op), weights, activations))  # fmt: skip
    return costs


def analyze(model: str | Path, board_name: str, log: Log = lambda _m: None, modes=PLANNED_MODES) -> Analysis:
    board: Board = load_board(board_name)
    graph = load(model, board, log=log)
    options = MemoryOptions(graph, board)
    arenas, notes = {}, {}
    for mode in modes:
        planned = options.get(mode)
        arenas[mode] = planned.plan.arena_size
        if planned.note:
            notes[mode] = planned.note
    perf = board.performance or {}
    return Analysis(Path(model).name, board.name, layer_costs(options.get("fast").graph), arenas, notes,
                    arena_budget(board), perf.get("cycles_per_mac"), perf.get("source", ""), board.cpu_hz,
                    board.clock_known)  # fmt: skip


def summary(a: Analysis) -> list[str]:
    from codegen.report.tables import table

    rows = []
    for c in a.layers:
        ms = a.ms(c.macs) if c.macs else None
        rows.append([f"#{c.index}", c.kind, c.dtype, "x".join(map(str, c.output)), f"{c.macs:,}", f"{c.weights:,}",
                     f"{c.activations:,}", "-" if ms is None else f"{ms:.3f}"])  # fmt: skip
    headers = ["op", "kind", "dtype", "output", "MACs", "weights B", "activations B", "est. ms"]
    lines = [f"analyze {one_line(a.model)} on {a.board} (no build: the passes and plans only)",
             table(headers, rows, right={4, 5, 6, 7})]  # fmt: skip
    lines.append(f"total: {a.macs:,} MACs, {a.weights:,} bytes of weights in flash")
    for mode, size in a.arenas.items():
        fits = "fits" if size <= a.arena_budget else f"over the board's {a.arena_budget:,} by {size - a.arena_budget:,}"
        note = f" ({a.notes[mode]})" if mode in a.notes else ""
        lines.append(f"arena, --memory {mode}: {size:,} bytes, {fits}{note}")
    clock = f"{a.cpu_hz / 1e6:g} MHz" if a.clock_known else "1 GHz (the board file names no clock)"
    if a.cycles_per_mac is None:
        lines.append(f"time: not estimated (board {a.board} names no measured cycles per MAC); `rvfw run` counts it")
    else:
        lines.append(f"estimated time: {a.ms(a.macs):.3f} ms at {clock}, at {a.cycles_per_mac:g} cycles per MAC "
                     f"({a.basis}); the MAC-free layers are not counted; `rvfw run` measures")  # fmt: skip
    return lines
