"""Build: the chosen plan lowered, checked against the board's budget from the plan, emitted, and
linked into an image (with its size report), for one model; image_sources serves every image."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from codegen import emit, report
from codegen.boards import Board, load_board, timer
from codegen.build import firmware, size
from codegen.build.image import SUFFIX
from codegen.build.staging import check_out_dir, staged
from codegen.check import golden
from codegen.choices import KernelSet
from codegen.errors import BudgetError, RvfwError
from codegen.ir import Graph
from codegen.memplan import MemoryPlan
from codegen.ops import ConstArray, Layer, cold_kernels
from codegen.paths import BUILD_DIR, FIRMWARE_DIR
from codegen.pipeline.loading import Log, load
from codegen.pipeline.memory import (
    HTIF_PAGE,
    RUNTIME_DATA_BYTES,
    Planned,
    choose_plan,
    kernel_set_for,
    lower,
    needs_table,
)
from codegen.pipeline.options import DEFAULTS, BuildOptions, Optimize
from codegen.report import progress

# speed: -O2, with the code an inference hardly runs at -Os (ops.common.cold_kernels); size: all -Os.
OPTIMIZE = tuple(o.value for o in Optimize)


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
    dumps_layers: bool = False  # the harness prints every layer's output: its counts are not the inference's

    @property
    def steps(self) -> int:
        """Inferences the harness runs in a row (inputs holds each step's arrays, step by step)."""
        return len(self.inputs) // max(len(self.graph.inputs), 1)


def default_out_dir(board: Board, graph: Graph) -> Path:
    return BUILD_DIR / board.name / graph.name


def build(
    model: str | Path, board_name: str, out_dir: Path | None = None, options: BuildOptions = DEFAULTS, log: Log = print
) -> Build:
    """The model planned, lowered, emitted, compiled and size-checked for the board (options: the
    kernel set, memory mode, planner, inputs and the rest, codegen.pipeline.options).

    steps: inferences the harness runs in a row, each on its own seeded inputs (state carries
    over from one to the next); default 1, or 3 for a model with state. kernels: auto is the
    board's best vector set, else the fast scalar kernels. for_simulator: the image is for the
    board's simulator (a user-mode simulator needs its own platform layer). memory: fast, small
    (ops run in place over inputs that die there), tiled, or auto: the fastest that fits the
    board. io: model (its inputs and outputs as they are), int8 (passes.io: the int8 tensors
    around the model's own input QUANTIZE and output DEQUANTIZE) or float32 (its int8 I/O wrapped
    in a QUANTIZE and a DEQUANTIZE)."""
    o = options
    board = load_board(board_name)
    target = board.for_check() if o.for_simulator else board
    kernel_set = kernel_set_for(target, o.kernels)
    with progress.step("load"):
        graph = load(model, board, o.compress, log, o.io)
    golden.check_input_file(graph, o.inputs)
    o = o.but(steps=resolve_steps(graph, o.steps, o.inputs))
    with progress.step("plan"):  # the mode chosen from the plans' arenas, before anything is emitted
        memory_options, planned = choose_plan(graph, board, o.planner, o.memory, kernel_set, log)
    try:
        return build_planned(planned, target, kernel_set, o, out_dir, log)
    except BudgetError as exc:  # said with what each memory option would give, then raised as it is
        log(needs_table(memory_options, exc.report or {}, o.compress))
        raise


def resolve_steps(graph: Graph, steps: int | None, files) -> int:
    """--steps as given (default_steps without it), checked against the --input files; an --input
    stream (one .npy of (steps, *input shape)) sets them."""
    stream = golden.stream_steps(graph, files) if files else None
    if stream is not None:
        if steps is not None and steps != stream:
            raise RvfwError(f"--steps {steps} with an --input of {stream} steps; drop --steps")
        return stream
    steps = default_steps(graph) if steps is None else steps
    if steps < 1 or steps > golden.MAX_STEPS:
        raise RvfwError(f"--steps {steps}: give 1 to {golden.MAX_STEPS}")
    if steps > 1 and files:
        raise RvfwError(f"--steps {steps} with --input: the files give one step; drop --steps or --input")
    return steps


def step_inputs(graph: Graph, seed: int, files, steps: int) -> list[np.ndarray]:
    """Each step's input arrays, step after step: seeded (seed, seed + 1, ...), the --input files,
    or an --input stream's steps."""
    if files and golden.stream_steps(graph, files) is not None:
        return golden.stream_inputs(graph, files, steps)
    return [a for s in range(steps) for a in golden.make_inputs(graph, seed + s, files)]


def default_steps(graph: Graph) -> int:
    """Stateless models run once; a model with state three times in a row, so the check sees the
    state carried over."""
    return 3 if graph.variables else 1


def build_planned(
    planned: Planned, board: Board, kernel_set: KernelSet, options: BuildOptions, out_dir: Path | None, log: Log
) -> Build:
    """options.inputs_from: (seed, input files or None, steps), made into input arrays only once the
    image is known to fit; options.deadline: the watchdog's seconds per inference (None: none)."""
    inputs_from, deadline, optimize, dump_layers = (options.inputs_from, options.deadline, options.optimize,
                                                    options.dump_layers)  # fmt: skip
    graph, plan = planned.graph, planned.plan
    layers, constants = lower(planned, board, kernel_set, optimize)
    log(f"model {graph.source}: {len(graph.ops)} ops -> {len(layers)} kernel calls, board {board.name}")
    if planned.note:
        log(planned.note)
    if planned.removed:
        log("passes: " + ", ".join(f"{name} removed {n} op{'s' if n > 1 else ''}" for name, n in planned.removed))
    log(report.layer_table(graph, layers))
    inplace = f", {len(plan.inplace)} ops in place" if plan.inplace else ""
    log(f"arena: {plan.arena_size:,} bytes ({planned.mode} plan{inplace}; lifetime lower bound {plan.lower_bound:,})")
    packed = [c for c in constants if c.name.endswith("_int4")]
    if packed:
        stored = sum(c.values.nbytes for c in packed)
        log(f"int4 weights: {len(packed)} layers' weights packed in flash, {stored:,} bytes ({stored * 2:,} as int8: "
            f"{stored:,} saved), unpacked one layer at a time into its scratch")  # fmt: skip
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
    # The folder as staged() writes it: absolute and normalised once (`W/missing/../b` is W/b), so
    # every path below names what was written.
    out_dir = check_out_dir(Path(out_dir) if out_dir else default_out_dir(board, graph))
    with staged(out_dir, [graph.source, board.source_file, *golden.input_paths(files)]) as staging:
        sources = model_sources(graph, board, plan, layers, constants, inputs, deadline, optimize, dump_layers,
                                options.patchable_inputs)  # fmt: skip
        with progress.step("compile and link"):
            elf, size_report = firmware.build_image(
                board, sources, staging, Path(graph.source).name, log,
                unbounded_script=lambda: emit.render_linker_script(graph, board, unbounded=True),
            )  # fmt: skip
        (staging / "plan.txt").write_text(report.plan_table(graph, plan) + "\n")
        (staging / "size.json").write_text(json.dumps(size_report.to_json(), indent=2) + "\n")
    size_report.elf = str(out_dir / elf.name)
    flash_image = out_dir / (elf.stem + SUFFIX[board.image_format]) if board.image_format != "elf" else None
    # build and check print the same line for the same bytes (issue 47: check runs what is flashed)
    shown = flash_image if flash_image is not None and flash_image.is_file() else out_dir / elf.name
    log(f"image {shown.name} sha256 {hashlib.sha256(shown.read_bytes()).hexdigest()}")
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
        dump_layers,
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
    optimize: Optimize = Optimize.SPEED,
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
        all_for_size=optimize is Optimize.SIZE,
    )


# fmt: off
def model_sources(graph, board, plan, layers, constants, inputs, deadline=None, optimize=Optimize.SPEED,
                  dump_layers=False, patchable=False) -> firmware.Sources:
    # fmt: on
    """A one-model image: the model, the golden harness around it (with the watchdog when the
    board has a machine timer and a deadline is given), the platform header."""
    watchdog = board.clint is not None and board.console != "linux" and deadline is not None
    ticks = timer.seconds_to_ticks(board, deadline) if watchdog else 0
    return image_sources(
        board,
        [ImageModel(graph, plan, layers, constants)],
        {"main.c": emit.render_harness(graph, board, inputs, ticks, patchable)},
        emit.render_linker_script(graph, board),
        runtime=[FIRMWARE_DIR / "runtime" / "clint.c"] if watchdog else [],
        defines=("RVFW_PROFILE", "RVFW_DUMP_LAYERS") if dump_layers else ("RVFW_PROFILE",),
        optimize=optimize,
    )
