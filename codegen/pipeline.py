"""The pipeline, top to bottom: load -> check -> plan -> lower -> emit -> compile -> size -> run -> compare."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from codegen import emit, report
from codegen.boards.board import Board, load_board
from codegen.build import image, size, toolchain
from codegen.build.staging import staged
from codegen.check import golden
from codegen.errors import BudgetError, RvfwError
from codegen.frontend.tflite import load_tflite
from codegen.ir import Graph, OpKind
from codegen.ops import ConstArray, Layer, check_graph, lower_graph
from codegen.passes.graph import fuse_residual_adds, reorder_for_memory
from codegen.paths import FIRMWARE_DIR, ROOT
from codegen.planner import MemoryPlan, plan_memory
from codegen.planner.inplace import choose_inplace
from codegen.planner.tiling import tile_first_stage
from codegen.run.console import HarnessOutput, parse_console
from codegen.run.sim import SimResult, run_elf
from codegen.tt import accuracy as tt_accuracy
from codegen.tt import compress as tt_compress
from codegen.tt import reference as tt_reference
from codegen.tt import space as tt_space

Log = Callable[[str], None]
KERNEL_SETS = ("auto", "ref", "scalar", "rvv", "xthead")
MEMORY_MODES = ("auto", "fast", "small", "tiled")


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


@dataclass
class Run:
    build: Build
    sim: SimResult
    harness: HarnessOutput


def default_out_dir(board: Board, graph: Graph) -> Path:
    return ROOT / "build" / board.name / graph.name


@dataclass(frozen=True)
class Compression:
    """--compress tt: which FULLY_CONNECTED layers to try (None: all above min_params) and the
    largest relative error (weights, and outputs on calibration inputs) a TT layer may have."""

    method: str = "tt"
    error_budget: float = tt_compress.DEFAULT_ERROR_BUDGET
    min_params: int = tt_compress.DEFAULT_MIN_PARAMS
    layers: tuple[int, ...] | None = None
    forced: tuple[tuple[int, tt_space.Config], ...] = ()  # op index -> configuration, bypassing the search


def prepare(
    model: str | Path,
    board_name: str,
    planner: str = "best",
    memory: str = "fast",
    fit_board: bool = False,
    compress: Compression | None = None,
    log: Log = lambda _msg: None,
) -> tuple[Graph, Board, MemoryPlan]:
    """Everything up to the memory plan: pure, writes nothing. memory="small" runs ops in place;
    "tiled" also runs the first layers band by band: the smallest arena, or with fit_board the
    tallest bands (least recomputation) that fit the board's RAM. compress: TT-compress large
    fully-connected layers first (the result is checked against codegen.tt.reference)."""
    if memory not in ("fast", "small", "tiled"):
        raise RvfwError(f"unknown memory mode '{memory}' (choose from: {', '.join(MEMORY_MODES)})")
    board = load_board(board_name)
    graph = load_tflite(model)
    check_graph(graph)
    if compress is not None:
        graph = compress_tt(graph, board, compress, log)
    if memory in ("small", "tiled"):
        graph = fuse_residual_adds(graph)
    graph = reorder_for_memory(graph)
    if memory == "tiled":

        def arena(candidate: Graph) -> int:
            return plan_memory(candidate, planner, inplace=choose_inplace(candidate)).arena_size

        graph, _tiling = tile_first_stage(graph, arena, arena_budget(board) if fit_board else None)
    inplace = choose_inplace(graph) if memory != "fast" else {}
    return graph, board, plan_memory(graph, planner, inplace=inplace)


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
    )
    if reports:
        log(report.compression_table(reports))
    return graph


# Bytes of .data/.bss the runtime and harness take beside the arena (the trap report's stack
# included), before the arena is placed.
RUNTIME_DATA_BYTES = 512
HTIF_PAGE = 4096


def arena_budget(board: Board) -> int:
    """Bytes the arena may take in its region, after what the linker places there before it and
    the stack: the runtime's data, and with HTIF its page-aligned mailbox page (so the data before
    it is padded to a page)."""
    region = board.region_for("arena")
    budget = region.length
    if board.region_for("data") == region:
        budget -= 2 * HTIF_PAGE if board.console == "htif" else RUNTIME_DATA_BYTES
    if board.region_for("stack") == region:
        budget -= board.stack_size
    return budget


def build(
    model: str | Path,
    board_name: str,
    out_dir: Path | None = None,
    seed: int = 0,
    input_npy: str | Path | None = None,
    planner: str = "best",
    log: Log = print,
    kernels: str = "auto",
    memory: str = "auto",
    compress: Compression | None = None,
    for_simulator: bool = False,
) -> Build:
    """kernels: "auto" (the board's best vector set, else "scalar"), "ref", "scalar", "rvv" or "xthead".
    for_simulator: the image is for the board's simulator (a user-mode simulator needs its own platform layer).
    memory: "fast", "small" (ops run in place over inputs that die there), or "auto": fast, and
    small when the fast arena does not fit the board's RAM."""
    if memory not in MEMORY_MODES:
        raise RvfwError(f"unknown memory mode '{memory}' (choose from: {', '.join(MEMORY_MODES)})")
    modes = ["fast", "small", "tiled"] if memory == "auto" else [memory]
    for mode in modes:
        try:
            return _build_once(
                model, board_name, out_dir, seed, input_npy, planner, log, kernels, mode, memory == "auto", compress,
                for_simulator,
            )  # fmt: skip
        except BudgetError as exc:
            arena_region = load_board(board_name).region_for("arena").name
            over = [r["name"] for r in (exc.report or {}).get("regions", []) if r["over"]]
            if mode == modes[-1] or arena_region not in over:
                log(_needs_table(model, board_name, planner, exc.report or {}, compress))
                raise
            step = (
                "running ops in place (--memory small)"
                if mode == "fast"
                else "tiling the first layers (--memory tiled)"
            )
            log(f"the arena does not fit {arena_region} with the {mode} plan: {step}")
    raise AssertionError("unreachable")


def _needs_table(model, board_name: str, planner: str, size_report: dict, compress: Compression | None = None) -> str:
    """What the image would need, per region over budget, and what each memory option gives."""
    arena = {
        mode: prepare(model, board_name, planner, mode, compress=compress)[2] for mode in ("fast", "small", "tiled")
    }
    arena_region = load_board(board_name).region_for("arena").name
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


def _build_once(
    model,
    board_name,
    out_dir,
    seed,
    input_npy,
    planner,
    log: Log,
    kernels: str,
    memory: str,
    fit_board: bool = False,
    compress: Compression | None = None,
    for_simulator: bool = False,
) -> Build:
    graph, board, plan = prepare(model, board_name, planner, memory, fit_board, compress, log)
    if for_simulator:
        board = board.for_simulator()
    layers, constants = lower_graph(graph, plan, _kernel_set(board, kernels), board.vlen)
    inputs = golden.make_inputs(graph, seed, input_npy)
    log(f"model {graph.source}: {len(graph.ops)} ops -> {len(layers)} kernel calls, board {board.name}")
    log(report.layer_table(graph, layers))
    inplace = f", {len(plan.inplace)} ops in place" if plan.inplace else ""
    log(f"arena: {plan.arena_size:,} bytes ({memory} plan{inplace}; lifetime lower bound {plan.lower_bound:,})")

    out_dir = Path(out_dir) if out_dir else default_out_dir(board, graph)
    with staged(out_dir) as staging:
        elf, size_report = _emit_and_compile(graph, board, plan, layers, constants, inputs, staging, log)
        (staging / "plan.txt").write_text(report.plan_table(graph, plan) + "\n")
        (staging / "size.json").write_text(json.dumps(size_report.to_json(), indent=2) + "\n")
    size_report.elf = str(out_dir / elf.name)
    flash_image = out_dir / (elf.stem + image.SUFFIX[board.image_format]) if board.image_format != "elf" else None
    return Build(graph, board, plan, layers, constants, inputs, out_dir, out_dir / elf.name, size_report, flash_image)


def _kernel_set(board: Board, kernels: str) -> str:
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


def _emit_and_compile(graph, board, plan, layers, constants, inputs, staging: Path, log: Log):
    gen = staging / "gen"
    gen.mkdir(parents=True)
    sources = emit.render_model(graph, board, plan, layers, constants)
    sources["main.c"] = emit.render_harness(graph, board, inputs)
    sources["rvfw_platform.h"] = emit.render_platform_header(graph, board)
    for name, text in sources.items():
        (gen / name).write_text(text)
    (gen / "link.ld").write_text(emit.render_linker_script(graph, board))

    c_files = [
        gen / f"{graph.name}.c",
        gen / "main.c",
        *toolchain.firmware_sources(board, {k for lay in layers for k in lay.kernels}),
    ]
    objects = toolchain.compile_objects(
        board, c_files, [gen, FIRMWARE_DIR / "include"], staging / "obj", ("RVFW_PROFILE",)
    )
    elf = staging / "firmware.elf"
    overflow = False
    try:
        toolchain.link(board, objects, gen / "link.ld", elf)
    except toolchain.RegionOverflow:
        # Link once more with stretched regions only to measure by how much it misses: that ELF
        # is never the image (the build fails below) and never run.
        overflow = True
        (gen / "link-unbounded.ld").write_text(emit.render_linker_script(graph, board, unbounded=True))
        elf = staging / "firmware-unbounded.elf"
        toolchain.link(board, objects, gen / "link-unbounded.ld", elf)
    size_report = size.measure(elf, board, link_overflow=overflow)
    log(size.format_table(size_report))
    if not size_report.ok:
        raise BudgetError(
            f"{Path(graph.source).name} does not fit board {board.name}: {size.over_budget(size_report)}",
            size_report.to_json(),
        )
    image.write_image(elf, board)
    return elf, size_report


def run(
    b: Build, timeout: float = 600.0, log: Log = print, vlen: int | None = None, count: bool = True, sim: str = "auto"
) -> Run:
    """count: under a user-mode simulator, count instructions from a trace (slower). sim: spike, qemu or auto."""
    sim = run_elf(b.elf, b.board, timeout, vlen, count, sim)
    harness = parse_console(sim.console, b.graph, sim.exit_code, sim.runner)
    if sim.layer_instret is not None:
        harness.layer_instret, harness.total_instret = sim.layer_instret, sim.total_instret
    elif b.board.console == "linux":
        harness.layer_instret = []
    log(f"ran under {sim.runner}: {harness.total_instret:,} instructions for one inference")
    log(report.profile_table(b.layers, harness.layer_instret, harness.total_instret))
    for k, array in enumerate(harness.outputs):
        shown = np.array2string(array.reshape(-1)[:16], separator=", ", threshold=16)
        more = f" ... ({array.size} values)" if array.size > 16 else ""
        log(f"output {k} {'x'.join(map(str, array.shape))} {array.dtype}: {shown}{more}")
    return Run(b, sim, harness)


def check(r: Run, log: Log = print, accuracy: bool = True) -> golden.Comparison:
    """Bit-exact comparison with the golden; for a TT-compressed graph (accuracy=True) also the
    accuracy cost against the original model."""
    graph = r.build.graph
    reference, against = golden_outputs(graph, r.build.inputs)
    result = golden.compare(r.harness.outputs, reference)
    for k, i, ours, ref in result.mismatches:
        log(f"mismatch: output {k} [{i}]: firmware {ours}, {against} {ref}")
    log(f"bit-exact: {result.matched}/{result.total} outputs match {against}")
    if accuracy and is_compressed(graph):
        log(tt_accuracy.accuracy_line(tt_accuracy.accuracy_cost(graph)))
    return result


def golden_outputs(graph: Graph, inputs: list[np.ndarray]) -> tuple[list[np.ndarray], str]:
    """What the image must reproduce bit for bit, and whose outputs those are: TFLite Micro's, or for
    a TT-compressed graph (TFLite Micro has no TT op) the numpy reference of the same quantised graph."""
    if is_compressed(graph):
        return tt_reference.run_graph(graph, inputs), "its TT graph's numpy reference"
    return golden.reference_outputs(graph.source, inputs, len(graph.outputs)), "TFLite Micro"


def is_compressed(graph: Graph) -> bool:
    return any(op.kind is OpKind.TT_EINSUM for op in graph.ops)
