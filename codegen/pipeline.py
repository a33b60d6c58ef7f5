"""The pipeline for one model, top to bottom, each stage over the artifact of the one before:

    load (.tflite -> Graph, parsed and checked once)
    -> passes (PASSES, per memory option) -> plan (MemoryPlan; each option planned at most once,
       the memory mode chosen from the board's budget before anything is emitted)
    -> lower (layers + constants) -> emit (sources) -> build (image + size report)
    -> run (console -> outputs) -> compare (golden)

A multi-model image (codegen.app) runs load ... lower per model, then the same emit, build, run
and console stages."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from codegen import emit, report
from codegen.boards import Board, load_board, timer
from codegen.build import firmware, size
from codegen.build.image import SUFFIX
from codegen.build.staging import staged
from codegen.check import golden, tt_accuracy, tt_reference
from codegen.check import layers as check_layers
from codegen.check.reference import golden_outputs, is_compressed
from codegen.errors import BudgetError, RvfwError, one_line
from codegen.frontend import load_tflite
from codegen.ir import Graph
from codegen.ops import ConstArray, Layer, check_graph, cold_kernels, lower_graph
from codegen.passes import run_passes
from codegen.paths import FIRMWARE_DIR, ROOT
from codegen.planner import MemoryPlan, plan_memory
from codegen.planner.inplace import choose_inplace
from codegen.planner.tiling import tile_first_stage
from codegen.report.cycles import CycleEstimate
from codegen.run.console import HarnessOutput, parse_console
from codegen.run.sim import SimResult, run_elf
from codegen.tt import compress as tt_compress
from codegen.tt import space as tt_space

Log = Callable[[str], None]
KERNEL_SETS = ("auto", "ref", "scalar", "rvv", "xthead")
MEMORY_MODES = ("auto", "fast", "small", "tiled")
# speed: -O2, with the code an inference hardly runs at -Os (ops.common.cold_kernels); size: all -Os.
OPTIMIZE = ("speed", "size")
PLANNED_MODES = ("fast", "small", "tiled")
# Bytes of .data/.bss the runtime and harness take beside the arena (the trap report's stack
# included), before the arena is placed.
RUNTIME_DATA_BYTES = 512
HTIF_PAGE = 4096


@dataclass
class Build:
    graph: Graph
    board: Board
    plan: MemoryPlan
    layers: list[Layer]
    constants: list[ConstArray]
    inputs: list[np.ndarray]
    out_dir: Path
    elf: Path
    size: size.SizeReport
    image: Path | None = None  # the flashable image, when the board wants one
    memory: str = "fast"  # the memory mode the build used

    @property
    def steps(self) -> int:
        """Inferences the harness runs in a row (inputs holds each step's arrays, step by step)."""
        return len(self.inputs) // max(len(self.graph.inputs), 1)


@dataclass
class Run:
    build: Build
    sim: SimResult
    harness: HarnessOutput
    cycles: CycleEstimate | None = None  # with run(cycles=True)


@dataclass(frozen=True)
class Compression:
    """--compress tt: which FULLY_CONNECTED layers to try (None: all above min_params) and the
    largest relative error (weights, and outputs on calibration inputs) a TT layer may have."""

    method: str = "tt"
    error_budget: float = tt_compress.DEFAULT_ERROR_BUDGET
    min_params: int = tt_compress.DEFAULT_MIN_PARAMS
    layers: tuple[int, ...] | None = None
    forced: tuple[tuple[int, tt_space.Config], ...] = ()  # op index -> configuration, bypassing the search


def default_out_dir(board: Board, graph: Graph) -> Path:
    return ROOT / "build" / board.name / graph.name


# --- load --------------------------------------------------------------------------------------


def load(model: str | Path, board: Board, compress: Compression | None = None, log: Log = lambda _m: None) -> Graph:
    """Parse, simplify (the "load" passes) and check the model once; TT-compress large
    fully-connected layers when asked (the result is checked against codegen.check.tt_reference)."""
    graph, removed = run_passes(load_tflite(model), "load")
    if removed:
        log("simplified: " + ", ".join(f"{name} removed {n} op{'s' if n > 1 else ''}" for name, n in removed))
    check_graph(graph)
    if compress is not None:
        graph = compress_tt(graph, board, compress, log)
    return graph


def compress_tt(graph: Graph, board: Board, compress: Compression, log: Log) -> Graph:
    if compress.method != "tt":
        raise RvfwError(f"unknown compression '{compress.method}' (choose from: tt)")
    profile = tt_space.Profile.for_vlen(board.vlen, **board.tensor_train)
    graph, reports = tt_compress.compress_graph(
        graph,
        profile,
        board.vlen,
        compress.error_budget,
        compress.min_params,
        layers=compress.layers,
        log=log,
        forced=dict(compress.forced),
        calibrate=tt_reference.calibration_traces,
    )
    if reports:
        log(report.compression_table(reports))
    return graph


# --- passes and plan ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Planned:
    """One memory option of a graph: the graph after its passes (and tiling), and its plan."""

    mode: str
    graph: Graph
    plan: MemoryPlan
    removed: tuple[tuple[str, int], ...] = ()  # (pass, ops it removed), for the build's log


def plan_option(
    graph: Graph, board: Board, planner: str, mode: str, fit_board: bool = False, kernel_set: str | None = None
) -> Planned:
    """Run the passes of this memory option (those for the kernel set, by default the board's), then
    plan. "small" runs ops in place over inputs that die there; "tiled" also runs the first layers
    band by band: the smallest arena, or with fit_board the tallest bands (least recomputation)
    whose arena fits the board."""
    kernel_set = kernel_set or kernel_set_for(board, "auto")
    if mode not in PLANNED_MODES:
        raise RvfwError(f"unknown memory mode '{mode}' (choose from: {', '.join(MEMORY_MODES)})")
    graph, removed = run_passes(graph, mode, kernel_set)
    if mode == "tiled":

        def arena(candidate: Graph) -> int:
            return plan_memory(candidate, planner, inplace=choose_inplace(candidate)).arena_size

        graph, _tiling = tile_first_stage(graph, arena, arena_budget(board) if fit_board else None)
    inplace = choose_inplace(graph) if mode != "fast" else {}
    return Planned(mode, graph, plan_memory(graph, planner, inplace=inplace), tuple(removed))


@dataclass
class MemoryOptions:
    """The memory options of one graph on one board, each planned at most once, on demand."""

    graph: Graph
    board: Board
    planner: str = "best"
    fit_board: bool = False
    kernel_set: str | None = None  # the build's (passes.Pass.kernel_sets); None: the board's best
    planned: dict[str, Planned] = field(default_factory=dict)

    def get(self, mode: str) -> Planned:
        if mode not in self.planned:
            self.planned[mode] = plan_option(
                self.graph, self.board, self.planner, mode, self.fit_board, self.kernel_set
            )
        return self.planned[mode]


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


_NEXT_STEP = {"fast": "running ops in place (--memory small)", "small": "tiling the first layers (--memory tiled)"}


def choose_memory(options: MemoryOptions, modes: list[str], log: Log) -> int:
    """Index in `modes` of the first option whose arena fits the board's budget (the last when none
    does: its build then reports what it needs), saying what each step turns on."""
    budget = arena_budget(options.board)
    region = options.board.region_for("arena").name
    for k, mode in enumerate(modes):
        if options.get(mode).plan.arena_size <= budget or k == len(modes) - 1:
            return k
        log(f"the arena does not fit {region} with the {mode} plan: {_NEXT_STEP[mode]}")
    raise AssertionError("unreachable")


def prepare(
    model: str | Path,
    board_name: str,
    planner: str = "best",
    memory: str = "fast",
    fit_board: bool = False,
    compress: Compression | None = None,
    log: Log = lambda _msg: None,
) -> tuple[Graph, Board, MemoryPlan]:
    """Everything up to the memory plan of one memory option: pure, writes nothing."""
    board = load_board(board_name)
    planned = plan_option(load(model, board, compress, log), board, planner, memory, fit_board)
    return planned.graph, board, planned.plan


# --- lower, emit, build --------------------------------------------------------------------------


def kernel_set_for(board: Board, kernels: str) -> str:
    """The kernel set a build asks for: "auto" is the board's best (RVV, XTheadVector, else scalar)."""
    if kernels not in KERNEL_SETS:
        raise RvfwError(f"unknown kernel set '{kernels}' (choose from: {', '.join(KERNEL_SETS)})")
    xthead = board.xtheadvector
    if kernels == "rvv" and not board.vector_kernels and not xthead:
        raise RvfwError(f"board {board.name} has no RVV 1.0 vector unit: use --kernels scalar, ref or auto")
    if kernels == "xthead" and not xthead:
        raise RvfwError(f"board {board.name} has no XTheadVector unit: use --kernels rvv, scalar, ref or auto")
    if kernels == "auto":
        return "rvv" if board.vector_kernels else "xthead" if xthead else "scalar"
    return kernels


def build(
    model: str | Path,
    board_name: str,
    out_dir: Path | None = None,
    seed: int = 0,
    input_npy: str | Path | list | None = None,  # --input: one .npy per graph input or one .npz
    planner: str = "best",
    log: Log = print,
    kernels: str = "auto",
    memory: str = "auto",
    compress: Compression | None = None,
    for_simulator: bool = False,
    steps: int | None = None,
    deadline: float | None = timer.WATCHDOG_SECONDS,
    optimize: str = "speed",
    dump_layers: bool = False,
) -> Build:
    """steps: inferences the harness runs in a row, each on its own seeded inputs (state carries
    over from one to the next); default 1, or 3 for a model with state.
    kernels: "auto" (the board's best vector set, else "scalar"), "ref", "scalar", "rvv" or "xthead".
    for_simulator: the image is for the board's simulator (a user-mode simulator needs its own platform layer).
    memory: "fast", "small" (ops run in place over inputs that die there), "tiled", or "auto": the
    first of them whose arena fits the board.
    deadline: seconds an inference may take before the watchdog stops it (boards with a machine
    timer; None: no watchdog).
    optimize: "speed" or "size" (OPTIMIZE).
    dump_layers: the harness prints every layer's output tensor (`rvfw check --layers`)."""
    if memory not in MEMORY_MODES:
        raise RvfwError(f"unknown memory mode '{memory}' (choose from: {', '.join(MEMORY_MODES)})")
    if optimize not in OPTIMIZE:
        raise RvfwError(f"unknown --optimize '{optimize}' (choose from: {', '.join(OPTIMIZE)})")
    board = load_board(board_name)
    target = board.for_simulator() if for_simulator else board
    kernel_set = kernel_set_for(target, kernels)
    graph = load(model, board, compress, log)
    golden.check_input_file(graph, input_npy)
    steps = resolve_steps(graph, steps, input_npy)
    options = MemoryOptions(graph, board, planner, fit_board=memory == "auto", kernel_set=kernel_set)
    modes = list(PLANNED_MODES) if memory == "auto" else [memory]
    first = choose_memory(options, modes, log) if memory == "auto" else 0
    arena_region = board.region_for("arena").name
    for k in range(first, len(modes)):
        planned = options.get(modes[k])
        try:
            return build_planned(planned, target, kernel_set, (seed, input_npy, steps), out_dir, log, deadline,
                                 optimize, dump_layers)  # fmt: skip
        except BudgetError as exc:
            over = [r["name"] for r in (exc.report or {}).get("regions", []) if r["over"]]
            if k == len(modes) - 1 or arena_region not in over:
                log(needs_table(options, exc.report or {}, compress))
                raise
            # The estimate let it through but the linker did not: the next option (rare).
            log(f"the arena does not fit {arena_region} with the {modes[k]} plan: {_NEXT_STEP[modes[k]]}")
    raise AssertionError("unreachable")


MAX_STEPS = 64


def resolve_steps(graph: Graph, steps: int | None, files) -> int:
    """--steps as given (default_steps without it), checked against the --input files."""
    steps = default_steps(graph) if steps is None else steps
    if steps < 1 or steps > MAX_STEPS:
        raise RvfwError(f"--steps {steps}: give 1 to {MAX_STEPS}")
    if steps > 1 and files:
        raise RvfwError(f"--steps {steps} with --input: the files give one step; drop --steps or --input")
    return steps


def step_inputs(graph: Graph, seed: int, files, steps: int) -> list[np.ndarray]:
    """Each step's input arrays, step after step: seeded (seed, seed + 1, ...) or the --input files."""
    return [a for s in range(steps) for a in golden.make_inputs(graph, seed + s, files)]


def default_steps(graph: Graph) -> int:
    """Stateless models run once; a model with state three times in a row, so the check sees the
    state carried over."""
    return 3 if graph.variables else 1


def build_planned(
    planned: Planned,
    board: Board,
    kernel_set: str,
    inputs_from: tuple,
    out_dir: Path | None,
    log: Log,
    deadline: float | None = timer.WATCHDOG_SECONDS,
    optimize: str = "speed",
    dump_layers: bool = False,
) -> Build:
    """inputs_from: (seed, input files or None, steps), made into input arrays only once the image
    is known to fit. deadline: the watchdog's seconds per inference (None: none)."""
    graph, plan = planned.graph, planned.plan
    layers, constants = lower_graph(graph, plan, kernel_set, board.vlen, board.vector_caps)
    log(f"model {graph.source}: {len(graph.ops)} ops -> {len(layers)} kernel calls, board {board.name}")
    if planned.removed:
        log("passes: " + ", ".join(f"{name} removed {n} op{'s' if n > 1 else ''}" for name, n in planned.removed))
    log(report.layer_table(graph, layers))
    inplace = f", {len(plan.inplace)} ops in place" if plan.inplace else ""
    log(f"arena: {plan.arena_size:,} bytes ({planned.mode} plan{inplace}; lifetime lower bound {plan.lower_bound:,})")
    estimate = estimate_sizes(board, plan, constants)
    if not estimate["ok"]:  # refused before anything is written or compiled
        log(estimate_table(estimate))
        where = ", ".join(f"{r['name']} by {r['used'] - r['budget']:,} bytes" for r in estimate["regions"] if r["over"])
        raise BudgetError(
            f"{Path(graph.source).name} does not fit board {board.name}: over budget in {where} (from the plan)",
            estimate,
        )
    seed, files, steps = inputs_from
    inputs = step_inputs(graph, seed, files, steps)
    out_dir = Path(out_dir) if out_dir else default_out_dir(board, graph)
    with staged(out_dir, [graph.source, board.source_file, *golden.input_paths(files)]) as staging:
        elf, size_report = firmware.build_image(
            board,
            model_sources(graph, board, plan, layers, constants, inputs, deadline, optimize, dump_layers),
            staging,
            Path(graph.source).name,
            log,
            unbounded_script=lambda: emit.render_linker_script(graph, board, unbounded=True),
        )
        (staging / "plan.txt").write_text(report.plan_table(graph, plan) + "\n")
        (staging / "size.json").write_text(json.dumps(size_report.to_json(), indent=2) + "\n")
    size_report.elf = str(out_dir / elf.name)
    flash_image = out_dir / (elf.stem + SUFFIX[board.image_format]) if board.image_format != "elf" else None
    return Build(
        graph,
        board,
        plan,
        layers,
        constants,
        inputs,
        out_dir,
        out_dir / elf.name,
        size_report,
        flash_image,
        planned.mode,
    )


def estimate_sizes(board: Board, plan: MemoryPlan, constants: list[ConstArray]) -> dict:
    """A lower bound of what the image needs per region, known before emitting: the arena, the
    stack and the runtime's data in RAM, the weights in flash (code comes on top). Shaped like a
    size report, so the table of what it needs reads it the same way."""
    used: dict[str, dict[str, int]] = {r.name: {} for r in board.regions}
    used[board.region_for("arena").name]["arena"] = plan.arena_size
    used[board.region_for("stack").name]["stack"] = board.stack_size
    runtime = 2 * HTIF_PAGE if board.console == "htif" else RUNTIME_DATA_BYTES
    used[board.region_for("data").name]["data"] = runtime + plan.state_size  # the state area is static data
    used[board.region_for("weights").name]["weights"] = sum(c.values.nbytes for c in constants)
    regions = []
    for r in board.regions:
        total = sum(used[r.name].values())
        regions.append({"name": r.name, "budget": r.length, "used": total, "over": total > r.length,
                        "padding": 0, "by_category": used[r.name]})  # fmt: skip
    return {"board": board.name, "elf": None, "ok": not any(r["over"] for r in regions), "regions": regions}


def estimate_table(estimate: dict) -> str:
    """The size table of an estimate: per region what the plan alone needs, OVER where it exceeds."""
    rows = []
    for r in estimate["regions"]:
        pct = f"{100.0 * r['used'] / r['budget']:.1f}%" + (" OVER" if r["over"] else "")
        parts = ", ".join(f"{c} {n:,}" for c, n in r["by_category"].items() if n)
        rows.append([r["name"], f"{r['used']:,}", f"{r['budget']:,}", pct, parts])
    return "sizes from the plan, before building:\n" + report.table(
        ["region", "at least", "budget", "%", "of which"], rows
    )


@dataclass(frozen=True)
class ImageModel:
    """One model of an image, lowered: what image_sources renders."""

    graph: Graph
    plan: MemoryPlan
    layers: list[Layer]
    constants: list[ConstArray]


def image_sources(
    board: Board,
    models: list[ImageModel],
    harness: dict[str, str],
    linker_script: str,
    runtime: list[Path] | None = None,
    defines: tuple[str, ...] = (),
    extra_flags: dict[str, list[str]] | None = None,
    optimize: str = "speed",
) -> firmware.Sources:
    """The sources of an image of one model or many (the one function both kinds of build call):
    every model's files, the harness's files (main.c first, then any others), the platform header,
    the kernels the layers call, the ones doing a sliver of the work compiled for size."""
    standalone = len(models) == 1 and "app.c" not in harness
    files: dict[str, str] = {}
    for m in models:
        files.update(emit.render_model(m.graph, board, m.plan, m.layers, m.constants, standalone=standalone))
    files.update(harness)
    files["rvfw_platform.h"] = emit.render_platform_header(models[0].graph, board)
    return firmware.Sources(
        files=files,
        c_files=[f"{m.graph.name}.c" for m in models] + [name for name in harness if name.endswith(".c")],
        linker_script=linker_script,
        kernels={k for m in models for layer in m.layers for k in layer.kernels},
        runtime=runtime or [],
        defines=defines,
        extra_flags=extra_flags or {},
        cold_kernels=cold_kernels([m.layers for m in models]),
        all_for_size=optimize == "size",
    )


def model_sources(
    graph, board, plan, layers, constants, inputs, deadline=None, optimize="speed", dump_layers=False
) -> firmware.Sources:
    """A one-model image: the model, the golden harness around it (with the watchdog when the
    board has a machine timer and a deadline is given), the platform header."""
    watchdog = board.clint is not None and board.console != "linux" and deadline is not None
    ticks = timer.seconds_to_ticks(board, deadline) if watchdog else 0
    return image_sources(
        board,
        [ImageModel(graph, plan, layers, constants)],
        {"main.c": emit.render_harness(graph, board, inputs, ticks)},
        emit.render_linker_script(graph, board),
        runtime=[FIRMWARE_DIR / "runtime" / "clint.c"] if watchdog else [],
        defines=("RVFW_PROFILE", "RVFW_DUMP_LAYERS") if dump_layers else ("RVFW_PROFILE",),
        optimize=optimize,
    )


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
            detail += "; weights would need compression" + ("" if compress else " (--compress tt)")
        rows.append([r["name"], f"{r['used']:,}", f"{r['budget']:,}", f"{r['used'] - r['budget']:,}", detail])
    headers = ["region", "needed", "available", "short by", "largest users"]
    return "what it needs:\n" + report.table(headers, rows, right={1, 2, 3})


# --- run and compare -----------------------------------------------------------------------------


def run(
    b: Build,
    timeout: float = 600.0,
    log: Log = print,
    vlen: int | None = None,
    count: bool = True,
    sim: str = "auto",
    cycles: bool = False,
) -> Run:
    """count: under a user-mode simulator, count instructions from a trace (slower). sim: spike, qemu or auto.
    cycles: also estimate cycles per layer (codegen.report.cycles) from a traced Spike run."""
    result = run_elf(b.elf, b.board, timeout, vlen, count, sim)
    harness = parse_console(result.console, b.graph, result.exit_code, result.runner)
    if result.layer_instret is not None:
        harness.layer_instret, harness.total_instret = result.layer_instret, result.total_instret
    elif b.board.console == "linux":
        harness.layer_instret = []
    stack = f", {harness.stack:,} bytes of stack at the deepest" if harness.stack else ""
    log(f"ran under {result.runner}: {harness.total_instret:,} instructions for one inference{stack}")
    estimate = None
    if cycles:
        from codegen.run.trace import estimate_cycles

        estimate = estimate_cycles(b.elf, b.board, b.graph.name, vlen, b.steps)
        dlen = b.board.dlen
        log(f"cycle estimate: {estimate.total:,} cycles, {estimate.vector_instructions:,} of the instructions vector"
            + (f" (VLEN {vlen or b.board.vlen}, DLEN {dlen})" if dlen else " (scalar: one cycle each)"))  # fmt: skip
    log(report.profile_table(b.layers, harness.layer_instret, harness.total_instret, estimate))
    for k, array in enumerate(harness.outputs):
        shown = np.array2string(array.reshape(-1)[:16], separator=", ", threshold=16)
        more = f" ... ({array.size} values)" if array.size > 16 else ""
        log(f"output {k} {'x'.join(map(str, array.shape))} {array.dtype}: {shown}{more}")
    return Run(b, result, harness, estimate)


def check(
    r: Run, log: Log = print, accuracy: bool = True, expected: list[np.ndarray] | None = None,
    expected_label: str = "the expected outputs", with_tflm: bool = False,
) -> golden.Comparison:  # fmt: skip
    """Bit-exact comparison with the golden: TFLite Micro's outputs (for a TT-compressed graph its
    numpy reference), or the user's expected outputs (--expect), or both (with_tflm); for a
    TT-compressed graph (accuracy=True) also the accuracy cost against the original model."""
    b = r.build
    if expected is None:
        return compare(b.graph, b.inputs, r.harness.outputs, "firmware", log, accuracy)
    last = r.harness.outputs[-len(b.graph.outputs) :] if r.harness.outputs else []
    result = _verdict(b.graph, last, expected, "firmware", expected_label, log)
    if with_tflm:
        against_tflm = compare(b.graph, b.inputs, r.harness.outputs, "firmware", log, accuracy)
        return golden.Comparison(result.matched + against_tflm.matched, result.total + against_tflm.total,
                                 result.mismatches + against_tflm.mismatches,
                                 result.per_output + against_tflm.per_output)  # fmt: skip
    return result


def compare_layers(r: Run, log: Log = print):
    """Every layer's output against TFLite Micro's value of the same tensor (the build dumped them:
    build(..., dump_layers=True)): the table, and the first layer that differs (check.layers.Row),
    or None when every layer matches."""
    b = r.build
    if not r.harness.tensors:
        raise RvfwError("the image prints no layer outputs: build it with dump_layers (rvfw check --layers)")
    reference = check_layers.reference_tensors(b.graph, b.inputs, sorted(r.harness.tensors))
    rows = check_layers.compare_layers(b.graph, b.layers, r.harness.tensors, r.harness.tensor_layers, reference)
    log(report.layers_check_table(rows))
    first = check_layers.first_difference(rows)
    log(f"first layer that differs: {check_layers.describe(first)}" if first else "every layer matches TFLite Micro")
    return first


def compare(
    graph: Graph, inputs: list[np.ndarray], outputs: list[np.ndarray], whose: str, log: Log, accuracy: bool = True
) -> golden.Comparison:
    reference, against = golden_outputs(graph, inputs)
    result = _verdict(graph, outputs, reference, whose, against, log)
    if accuracy and is_compressed(graph):
        log(tt_accuracy.accuracy_line(tt_accuracy.accuracy_cost(graph)))
    return result


def _verdict(graph: Graph, outputs: list[np.ndarray], reference: list[np.ndarray], whose: str, against: str,
             log: Log) -> golden.Comparison:  # fmt: skip
    """One line per differing output (how many values differ, the first one), then the total."""
    result = golden.compare(outputs, reference)
    per_graph = max(len(graph.outputs), 1)
    for k, (matched, total) in enumerate(result.per_output):
        if matched == total:
            continue
        first = next(m for m in result.mismatches if m[0] == k)
        name = one_line(graph.tensors[graph.outputs[k % per_graph]].name)
        step = f" (step {k // per_graph})" if len(result.per_output) > per_graph else ""
        log(f"mismatch: output {k % per_graph} '{name}'{step}: {total - matched:,} of {total:,} values differ; "
            f"first at [{first[1]}]: {whose} {first[2]}, {against} {first[3]}")  # fmt: skip
    log(f"bit-exact: {result.matched}/{result.total} outputs match {against}")
    return result
