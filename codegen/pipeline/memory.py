"""Passes and plan: each memory option's passes and plan, made at most once, and the option chosen
from the board's budget before anything is emitted (what an image of the chosen one would need,
when none fits)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from codegen import report
from codegen.boards import Board, load_board
from codegen.choices import PLANNED_MODES, KernelSet, MemoryMode, Optimize, Planner, choose
from codegen.errors import RvfwError
from codegen.ir import Graph
from codegen.passes import run_passes
from codegen.pipeline.loading import Compression, Log, load
from codegen.planner import MemoryPlan, plan_memory
from codegen.planner.inplace import choose_inplace
from codegen.planner.tiling import tile_stages, why_not_tiled

KERNEL_SETS = tuple(k.value for k in KernelSet)  # the command line's words
MEMORY_MODES = tuple(m.value for m in MemoryMode)
# Bytes of .data/.bss the runtime and harness take beside the arena (the trap report's stack
# included), before the arena is placed.
RUNTIME_DATA_BYTES = 512
HTIF_PAGE = 4096


@dataclass(frozen=True)
class Planned:
    """One memory option of a graph: the graph after its passes (and tiling), and its plan."""

    mode: MemoryMode
    graph: Graph
    plan: MemoryPlan
    removed: tuple[tuple[str, int], ...] = ()  # (pass, ops it removed), for the build's log
    note: str = ""  # why a tiled option tiles nothing (planner.tiling.why_not_tiled)


def plan_option(
    graph: Graph,
    board: Board,
    planner: Planner,
    mode: MemoryMode,
    fit_board: bool = False,
    kernel_set: KernelSet | None = None,
) -> Planned:
    """Run the passes of this memory option (those for the kernel set, by default the board's), then
    plan. "small" runs ops in place over inputs that die there; "tiled" also runs the first layers
    streamed through line buffers: the smallest arena, or with fit_board the fewest steps
    whose arena fits the board."""
    kernel_set = kernel_set or kernel_set_for(board, KernelSet.AUTO)
    mode = choose(MemoryMode, mode, "memory mode")
    if mode not in PLANNED_MODES:
        raise RvfwError(f"memory mode '{mode}': plan one of {', '.join(PLANNED_MODES)}")
    graph, removed = run_passes(graph, mode, kernel_set)
    note = ""
    if mode is MemoryMode.TILED:

        def arena(candidate: Graph) -> int:
            return plan_memory(candidate, planner, inplace=choose_inplace(candidate)).arena_size

        untiled = graph
        budget = arena_budget(board) if fit_board else None
        graph, tiling = tile_stages(graph, arena, budget)
        note = "" if tiling is not None else "nothing tiled: " + why_not_tiled(untiled, arena(untiled))
        if tiling is not None:
            return _tiled_with_columns(mode, graph, planner, budget, tuple(removed), note)
    inplace = choose_inplace(graph) if mode is not MemoryMode.FAST else {}
    return Planned(mode, graph, plan_memory(graph, planner, inplace=inplace), tuple(removed), note)


# A tiled plan buys its stages' im2col columns (their spare scratch) for at most a quarter more
# arena, where the stages carry at least half the model's MACs: without columns the fast scalar
# kernel sums each border pixel tap by tap, and every row of a stage's convolution is a border row.
# An upsampling autoencoder tiled whole ran 1.39x the fast plan's instructions on rv32imc, 1.02x with
# its columns (14.5% more arena); a CNN whose stem alone is tiled gains 1.4% (VWW) and keeps its
# arena at the lifetime bound.
SPARE_GROWTH = 4  # 1/4
STAGE_SHARE = 2  # 1/2


def _tiled_with_columns(mode, graph: Graph, planner: Planner, budget: int | None, removed, note: str) -> Planned:
    """The tiled plan; where its stages are most of the model, their spare scratch allowed up to
    SPARE_GROWTH more arena (never past the board's budget where the plan has to fit it); the note
    says what the columns cost."""
    from codegen.ir import OpKind
    from codegen.ops import macs

    inplace = choose_inplace(graph)
    lean = plan_memory(graph, planner, inplace=inplace)
    staged = sum(macs(graph, op) for op in graph.ops if op.kind is OpKind.TILED_STAGE)
    if staged * STAGE_SHARE < sum(macs(graph, op) for op in graph.ops):
        return Planned(mode, graph, lean, removed, note)
    plan = plan_memory(graph, planner, inplace=inplace, spare_growth=SPARE_GROWTH)
    if budget is not None and plan.arena_size > budget:  # columns only within the board's budget
        plan = lean
    if plan.arena_size > lean.arena_size:
        extra = f"im2col columns for the stage's convolutions: {lean.arena_size:,} -> {plan.arena_size:,} bytes"
        note = "; ".join(n for n in (note, extra) if n)
    return Planned(mode, graph, plan, removed, note)


@dataclass
class MemoryOptions:
    """The memory options of one graph on one board, each planned at most once, on demand."""

    graph: Graph
    board: Board
    planner: Planner = Planner.BEST
    fit_board: bool = False
    kernel_set: KernelSet | None = None  # the build's (passes.Pass.kernel_sets); None: the board's best
    planned: dict[MemoryMode, Planned] = field(default_factory=dict)

    def get(self, mode: MemoryMode) -> Planned:
        mode = choose(MemoryMode, mode, "memory mode")
        if mode not in self.planned:
            planned = plan_option(self.graph, self.board, self.planner, mode, self.fit_board, self.kernel_set)
            fast = planned if mode is MemoryMode.FAST else self.get(MemoryMode.FAST)
            self.planned[mode] = planned if planned is fast else no_worse_than_fast(planned, fast)
        return self.planned[mode]


def no_worse_than_fast(planned: Planned, fast: Planned) -> Planned:
    """A `small` or `tiled` plan whose arena is larger than the fast plan's (in-place runs and
    tiles that gave nothing back, a fused residual's scratch) gives way to the fast plan, said in
    the build's log: every memory option is at most the fast arena."""
    if fast.plan.arena_size >= planned.plan.arena_size:
        return planned
    return Planned(MemoryMode.FAST, fast.graph, fast.plan, fast.removed,
                   f"the {planned.mode} plan's arena ({planned.plan.arena_size:,} bytes) is larger than the fast "
                   f"plan's ({fast.plan.arena_size:,}): the fast plan is kept")  # fmt: skip


def arena_budget(board: Board) -> int:
    """Bytes the arena may take in its region, after what the linker places there besides: the
    runtime's data, with HTIF its page-aligned mailbox page (the data before it padded to a page),
    and the stack."""
    region = board.region_for("arena")
    budget = region.length
    if board.region_for("data") == region:
        budget -= 2 * HTIF_PAGE if board.console == "htif" else RUNTIME_DATA_BYTES
    if board.region_for("stack") == region:
        budget -= board.stack_size
    return budget


NEXT_STEP = {MemoryMode.FAST: "running ops in place (--memory small)",
             MemoryMode.SMALL: "tiling the first layers (--memory tiled)"}  # fmt: skip


def choose_memory(options: MemoryOptions, modes: list[MemoryMode], log: Log) -> int:
    """Index in `modes` of the first option whose arena fits the board's budget (the last when none
    does: its build then reports what it needs), saying what each step turns on."""
    budget = arena_budget(options.board)
    region = options.board.region_for("arena").name
    for k, mode in enumerate(modes):
        if options.get(mode).plan.arena_size <= budget or k == len(modes) - 1:
            return k
        log(f"the arena does not fit {region} with the {mode} plan: {NEXT_STEP[mode]}")
    raise AssertionError("unreachable")


def choose_plan(
    graph: Graph, board: Board, planner: Planner, memory: MemoryMode, kernel_set: KernelSet, log: Log
) -> tuple[MemoryOptions, Planned]:
    """The plan a build or an export of one model uses: the memory mode asked for, or with AUTO the
    first of fast, small and tiled whose arena fits the board (chosen from the plans, before
    anything is lowered or emitted), and the options it was chosen from (for what each would give)."""
    auto = memory is MemoryMode.AUTO
    options = MemoryOptions(graph, board, planner, fit_board=auto, kernel_set=kernel_set)
    mode = PLANNED_MODES[choose_memory(options, list(PLANNED_MODES), log)] if auto else memory
    return options, options.get(mode)


def prepare(
    model: str | Path,
    board_name: str,
    planner: Planner | str = Planner.BEST,
    memory: MemoryMode | str = MemoryMode.FAST,
    fit_board: bool = False,
    compress: Compression | None = None,
    log: Log = lambda _msg: None,
    io: str = "model",
) -> tuple[Graph, Board, MemoryPlan]:
    """Everything up to the memory plan of one memory option: pure, writes nothing. (An edge:
    planner and memory may be the command line's words.)"""
    planner, memory = choose(Planner, planner, "planner"), choose(MemoryMode, memory, "memory mode")
    board = load_board(board_name)
    graph = load(model, board, compress, log, io)
    planned = plan_option(graph, board, planner, memory, fit_board)
    if planned.mode is not MemoryMode.FAST:
        planned = no_worse_than_fast(planned, plan_option(graph, board, planner, MemoryMode.FAST, fit_board))
    return planned.graph, board, planned.plan


def lower(
    planned: Planned, board: Board, kernel_set: KernelSet, optimize: Optimize = Optimize.SPEED
) -> tuple[list, list]:
    """The front half's last step, the only place a planned graph becomes kernel calls and flash
    constants (a single-model build, an export, an application, its sizing and its measurement):
    every path lowers with the same kernel set, caps and `--optimize`."""
    from codegen.ops import lower_graph

    return lower_graph(planned.graph, planned.plan, kernel_set, board.vlen, board.caps, optimize)


def kernel_set_for(board: Board, kernels: KernelSet | str) -> KernelSet:
    """The kernel set a build asks for: AUTO is the board's best (RVV, XTheadVector, else scalar)."""
    kernels = choose(KernelSet, kernels, "kernel set")
    xthead = board.xtheadvector
    if kernels is KernelSet.RVV and not board.vector_kernels and not xthead:
        raise RvfwError(f"board {board.name} has no RVV 1.0 vector unit: use --kernels scalar, ref or auto")
    if kernels is KernelSet.XTHEAD and not xthead:
        raise RvfwError(f"board {board.name} has no XTheadVector unit: use --kernels rvv, scalar, ref or auto")
    if kernels is KernelSet.AUTO:
        return KernelSet.RVV if board.vector_kernels else KernelSet.XTHEAD if xthead else KernelSet.SCALAR
    return kernels


def fully_connected_weight_bytes(graph) -> int:
    """Bytes of the constant weights FULLY_CONNECTED layers read (what --compress tt can shrink)."""
    from codegen.ir import OpKind

    weights = [op.inputs[1] for op in graph.ops if op.kind is OpKind.FULLY_CONNECTED and len(op.inputs) > 1]
    return sum(graph.tensors[t].nbytes for t in weights if t >= 0 and graph.tensors[t].is_constant)


def needs_table(options: MemoryOptions, size_report: dict, compress: Compression | None = None) -> str:
    """What the image would need, per region over budget, and what each memory option gives (from
    the plans already made; the missing ones planned once)."""
    arena = {mode: options.get(mode).plan for mode in PLANNED_MODES}
    arena_region = options.board.region_for("arena").name
    rows = []
    for r in size_report.get("regions", []):
        if not r["over"]:
            continue
        users = sorted(((n, c) for c, n in r["by_category"].items() if n), reverse=True)
        detail = ", ".join(f"{c} {n:,}" for n, c in users[:3])
        if r["name"] == arena_region:
            detail += (
                f"; arena fast {arena['fast'].arena_size:,}, small {arena['small'].arena_size:,}, "
                f"tiled {arena['tiled'].arena_size:,} "
                f"(lifetime bound with in-place ops {arena['small'].lower_bound:,})"
            )
        elif "weights" in r["by_category"] and r["by_category"]["weights"]:
            # --compress tt compresses FULLY_CONNECTED weights only: propose it where they are most of them
            mostly_dense = fully_connected_weight_bytes(options.graph) * 2 >= r["by_category"]["weights"]
            hint = (
                "--compress tt"
                if mostly_dense
                else "--compress tt compresses FULLY_CONNECTED weights only: too few here"
            )
            detail += "; weights would need compression" + ("" if compress else f" ({hint})")
        rows.append([r["name"], f"{r['used']:,}", f"{r['budget']:,}", f"{r['used'] - r['budget']:,}", detail])
    headers = ["region", "needed", "available", "short by", "largest users"]
    return "what it needs:\n" + report.table(headers, rows, right={1, 2, 3})
