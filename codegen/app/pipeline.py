"""Several models in one image: admission, PMP partitions, the dispatcher and the golden check.

Each model's arena (with its own stack below it) is a partition; its per-instance state is another.
While a model runs, in U-mode, PMP opens exactly its partition and state for read/write and the
image's code, read-only data and weights for read/execute; everything else faults, and the
dispatcher reports the model by name and keeps the others running."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from codegen import emit, report
from codegen.app import admission, measure
from codegen.app.manifest import App, AppModel
from codegen.boards import Board, load_board, timer
from codegen.build import firmware, size, toolchain
from codegen.build.sections import partition_names, state_names
from codegen.build.staging import staged
from codegen.check import golden
from codegen.check.reference import golden_outputs
from codegen.emit.escape import ld_pattern
from codegen.errors import RvfwError, ToolError
from codegen.ir import DType, Graph
from codegen.ops import ConstArray, Layer, cold_kernels, lower_graph
from codegen.paths import FIRMWARE_DIR, ROOT
from codegen.pipeline import Compression, Log, MemoryOptions, Planned, arena_budget, kernel_set_for, load
from codegen.planner import MemoryPlan
from codegen.run.console import output_array, records
from codegen.run.sim import SimResult, SimTimeout, run_elf

MAX_MODELS = 32  # the dispatcher's tables
# Partition and state (each at most a TOR pair), code + constants (three); least privilege adds
# three more for the model's own code and constants where the board has them.
PMP_ENTRIES_PER_MODEL_MAX = 7
STATE_STEPS = 3  # steps the harness runs of each instance of a model with state
STACK_ALIGN = 16


@dataclass
class ModelBuild:
    entry: AppModel
    graph: Graph
    plan: MemoryPlan
    layers: list[Layer]
    constants: list[ConstArray]
    inputs: list[np.ndarray]
    deadline_ticks: int = 0  # machine-timer ticks a run may take (0: no deadline)


@dataclass(frozen=True)
class Range:
    """A PMP-guarded range: a power-of-two size at its own alignment is one NAPOT entry, else TOR."""

    symbol: str
    size: int
    napot: bool
    align: int


@dataclass
class AppBuild:
    app: App
    board: Board
    admitted: admission.Admission
    models: list[ModelBuild]
    out_dir: Path
    elf: Path
    size: size.SizeReport


@dataclass
class ModelResult:
    status: int
    instret: int
    outputs: list[np.ndarray]
    dispatch_status: int
    dispatch_same: bool
    # --preempt: the preempting model's run from the interrupt during this one (None: not armed,
    # -1: the timer did not fire), and whether its outputs equalled its own run's.
    preempt_status: int | None = None
    preempt_same: bool = False


def _round_up(n: int, to: int) -> int:
    return -(-n // to) * to


def pmp_range(symbol: str, size: int, granularity: int) -> Range:
    """TOR needs base and size in PMP granules; a power-of-two size also fits one NAPOT entry."""
    align = max(granularity, STACK_ALIGN)
    size = _round_up(max(size, align), align)
    napot = size & (size - 1) == 0
    return Range(symbol, size, napot, size if napot else align)


def budgets(app: App, board: Board, io_bytes: int = 0) -> tuple[dict[str, int], dict[str, str]]:
    """Bytes each region offers the models, and which region holds each memory class."""
    if app.budget:
        regions = list(app.budget)
        if len(regions) == 1:
            return dict(app.budget), dict.fromkeys(admission.CLASSES, regions[0])
        unknown = [r for r in regions if r not in {x.name for x in board.regions}]
        if unknown:
            raise RvfwError(f"{Path(app.source).name}: budget: board {board.name} has no region {unknown[0]}")
    placement = {
        "weights": board.region_for("weights").name,
        "arena": board.region_for("arena").name,
        "state": board.region_for("arena").name,
    }
    if app.budget:
        return dict(app.budget), placement
    out = {board.region_for("weights").name: board.region_for("weights").length}
    # The runtime's data, the harness's output buffers, the M-mode stack and HTIF share the arena's region.
    out[placement["arena"]] = arena_budget(board) - 1024 - io_bytes
    return out, placement


def admit(
    app: App, board: Board, planner: str, kernels: str, log: Log, plans: dict[str, MemoryOptions] | None = None
) -> admission.Admission:
    """Size every model (weights from lowering, arenas under each memory option) and admit them.
    plans: filled with each model's memory options, parsed once and planned once per option, for
    the build to reuse."""
    kernel_set = kernel_set_for(board, kernels) if any(m.model for m in app.models) else "ref"
    plans = {} if plans is None else plans
    sized: dict[str, dict] = {}
    io_bytes = 0
    for m in app.models:
        if m.model is None:
            sized[m.name] = {"weights": m.sizes["weights"], "options": [("given", m.sizes["arena"])]}
            continue
        graph = replace(load(m.model, board, compression(m), log), name=m.name)
        plans[m.name] = MemoryOptions(graph, board, planner, kernel_set=kernel_set)
        modes = ["fast", "small", "tiled"] if m.memory == "auto" else [m.memory]
        options = []
        for mode in modes:
            planned = plans[m.name].get(mode)
            if not options or planned.plan.arena_size < options[-1][1]:
                options.append((mode, planned.plan.arena_size))
        first = plans[m.name].get(modes[0])
        _layers, constants = lower_graph(first.graph, first.plan, kernel_set, board.vlen, board.vector_caps)
        weights = sum(c.values.nbytes for c in constants)
        io_bytes += sum(graph.tensors[i].nbytes for i in graph.outputs)
        # The model's own state (variable tensors) is each instance's state, beside any the manifest adds.
        sized[m.name] = {"weights": weights, "options": options, "state": first.plan.state_size}
    totals, placement = budgets(app, board, io_bytes)
    demands = []
    for m in app.models:
        (label, arena), *smaller = sized[m.name]["options"]
        stack = _round_up(m.stack, STACK_ALIGN) if m.model else m.stack
        demands.append(
            admission.Demand(
                name=m.name,
                priority=m.priority,
                weights=sized[m.name]["weights"],
                arena=arena,
                instances=m.instances,
                tokens=m.tokens,
                tokens_floor=m.tokens_floor,
                bytes_per_token=m.bytes_per_token,
                fixed_state=m.fixed_state + sized[m.name].get("state", 0),
                stack=stack,
                arena_label=label,
                arena_options=tuple(smaller),
                regions=placement,
            )
        )
    return admission.admit(demands, totals, app.groups, log)


def compression(m: AppModel) -> Compression | None:
    """A manifest entry's `compress:` as the pipeline's option."""
    if not m.compress:
        return None
    c = m.compress
    options = {"error_budget": c.get("error"), "min_params": c.get("min_params")}
    layers = tuple(c["layers"]) if "layers" in c else None
    return Compression(c["method"], layers=layers, **{k: v for k, v in options.items() if v is not None})


def check_app(app: App, board: Board) -> None:
    if len(app.models) > MAX_MODELS:
        raise RvfwError(f"{Path(app.source).name}: {len(app.models)} models; an image holds at most {MAX_MODELS}")
    if board.pmp_entries < PMP_ENTRIES_PER_MODEL_MAX:
        raise RvfwError(
            f"board {board.name}: {board.pmp_entries} PMP entries; isolating models needs {PMP_ENTRIES_PER_MODEL_MAX}"
        )
    code = board.region_for("code")
    if code.mirror_of or {board.region_for("rodata").name, board.region_for("weights").name} != {code.name}:
        raise RvfwError(f"board {board.name}: models need code, read-only data and weights in one region for PMP")
    missing = [m.name for m in app.models if m.model is None]
    if missing:
        raise RvfwError(f"{Path(app.source).name}: {missing[0]} has sizes but no model: admission only (rvfw admit)")


def build(
    app: App,
    board_name: str | None = None,
    out_dir: Path | None = None,
    seed: int = 0,
    planner: str = "best",
    log: Log = print,
    kernels: str = "auto",
    inject_fault: str | None = None,
    preempt: str | None = None,
    for_simulator: bool = False,
    optimize: str = "speed",
) -> AppBuild:
    """inject_fault: halfway through, that model's code stores outside its partition ("MODEL"),
    ends itself with an ecall ("MODEL:ecall"), jumps into the read-only constants ("MODEL:exec"),
    loops forever ("MODEL:loop"), waits for an interrupt ("MODEL:wfi"), overflows its stack
    ("MODEL:stack"), calls the M-mode dispatcher ("MODEL:runtime") or reads another model's
    constants ("MODEL:peer") (test hooks). preempt: that model also runs from a timer interrupt in the
    middle of every lower-priority model (test hook). for_simulator: the image runs on the board's
    simulator (its timer rate sets the deadlines)."""
    board, admitted, models = prepare(
        app, board_name, seed, planner, log, kernels, inject_fault, preempt, for_simulator=for_simulator
    )
    out_dir = Path(out_dir) if out_dir else ROOT / "build" / board.name / f"app-{app.name}"
    with staged(out_dir, [app.source, board.source_file, *(m.model for m in app.models)]) as staging:
        elf, size_report = firmware.build_image(
            board,
            app_sources(app, board, admitted, models, inject_fault, preempt, log, optimize),
            staging,
            Path(app.source).name,
            log,
        )
        (staging / "admission.txt").write_text(admitted.table() + "\n")
        (staging / "size.json").write_text(json.dumps(size_report.to_json(), indent=2) + "\n")
    size_report.elf = str(out_dir / elf.name)
    return AppBuild(app, board, admitted, models, out_dir, out_dir / elf.name, size_report)


def prepare(
    app: App,
    board_name: str | None = None,
    seed: int = 0,
    planner: str = "best",
    log: Log = print,
    kernels: str = "auto",
    inject_fault: str | None = None,
    preempt: str | None = None,
    for_simulator: bool = False,
) -> tuple[Board, admission.Admission, list[ModelBuild]]:
    """Check the application against its board, admit its models and lower each one (priority
    order), with each one's deadline and smallest stack: what an image or an export is made of."""
    board = load_board(board_name or app.board or "spike-rv64gcv")
    check_app(app, board)
    fault_target, _sep, fault_kind = (inject_fault or "").partition(":")  # "MODEL" or "MODEL:ecall"
    fault_target = fault_target or None
    if fault_kind not in FAULT_KINDS:
        raise RvfwError(f"--inject-fault {inject_fault}: the kind after ':' is one of {', '.join(FAULT_KINDS[1:])}")
    for option, name in (("--inject-fault", fault_target), ("--preempt", preempt)):
        if name is not None and name not in {m.name for m in app.models}:
            raise RvfwError(f"{option}: no model named '{name}' in {Path(app.source).name}")
    if preempt is not None and board.clint is None:
        raise RvfwError(f"--preempt: board {board.name} has no machine timer (clint) in its board file")
    plans: dict[str, MemoryOptions] = {}
    admitted = admit(app, board, planner, kernels, log, plans)
    kernel_set = kernel_set_for(board, kernels)
    if board.clint is None and any(m.deadline is not None for m in app.models):
        given = next((m for m in app.models if isinstance(m.deadline, float)), None)
        if given is not None:
            raise RvfwError(f"{Path(app.source).name}: {given.name}: deadline: board {board.name} has no machine "
                            "timer (clint) to enforce it")  # fmt: skip
        log(f"board {board.name} has no machine timer (clint): models run without deadlines")
    models = []
    for m in app.by_priority():
        planned = plans[m.name].get(admitted.demand(m.name).arena_label)
        graph, plan = planned.graph, planned.plan
        deadline_ticks = limits(app, m, planned, board, kernel_set, for_simulator, log)
        layers, constants = lower_graph(graph, plan, kernel_set, board.vlen, board.vector_caps)
        if len(graph.inputs) != 1 or len(graph.outputs) != 1:
            raise RvfwError(f"{Path(graph.source).name}: models in an application need one input and one output")
        if graph.variables and preempt == m.name:
            raise RvfwError(f"--preempt {m.name}: a model with state cannot also run from an interrupt (its state "
                            "would advance twice)")  # fmt: skip
        # A model with state runs STATE_STEPS steps of each instance, interleaved: (step, instance) order.
        runs = STATE_STEPS * m.instances if graph.variables else 1
        inputs = [a for k in range(runs) for a in golden.make_inputs(graph, seed + k)]
        models.append(ModelBuild(m, graph, plan, layers, constants, inputs, deadline_ticks))
        log(f"model {m.name} ({Path(graph.source).name}): {len(layers)} kernel calls, arena {plan.arena_size:,}"
            + (f", deadline {deadline_ticks:,} timer ticks" if deadline_ticks else ", no deadline"))  # fmt: skip
    return board, admitted, models


FAULT_KINDS = ("", "ecall", "exec", "loop", "wfi", "stack", "runtime", "peer")
MIN_STACK_UNMEASURED = 256  # bytes: the floor where no simulator can measure a model's stack


def limits(
    app: App, m: AppModel, planned: Planned, board: Board, kernel_set: str, for_simulator: bool, log: Log
) -> int:
    """The model's deadline in timer ticks (0: none), after refusing a stack below what it was
    measured to use. Measuring runs the model alone on the board's simulator (cached)."""
    where = f"{Path(app.source).name}: {m.name}"
    measured = None
    if measure.measurable(board):
        try:
            measured = measure.measure(planned, board, kernel_set)
        except ToolError as exc:  # no simulator installed here: build anyway, unmeasured
            log(f"{where}: not measured on the simulator ({exc}): stack floor {MIN_STACK_UNMEASURED} B, "
                "no default deadline")  # fmt: skip
    smallest = _round_up(measured.stack + measure.STACK_MARGIN, STACK_ALIGN) if measured else MIN_STACK_UNMEASURED
    if m.stack < smallest:
        why = f"its inference was measured to use {measured.stack:,}" if measured else "the floor without a simulator"
        raise RvfwError(f"{where}: stack: {m.stack:,} bytes is below the {smallest:,} it needs ({why})")
    if board.clint is None or m.deadline is None:
        return 0
    rates = board.for_simulator() if for_simulator else board
    if isinstance(m.deadline, float):
        return timer.seconds_to_ticks(rates, m.deadline)
    if measured is None:
        if not measure.measurable(board):
            log(f"{where}: board {board.name} has no simulator to measure it on: no deadline; set `deadline:`")
        return 0
    return timer.instructions_to_ticks(rates, measured.instructions)


def layout(admitted: admission.Admission, models: list[ModelBuild], board: Board, isolate: bool = True) -> dict:
    """Partitions (one per arena slot) and state ranges, as plain data for the templates, and
    whether each model gets code and constant ranges of its own (least privilege: when every
    model's entries fit the board's PMP; isolate=False for an exported application, whose linker
    script is the user's)."""
    gran = board.pmp_granularity
    by_name = {mb.entry.name: mb for mb in models}
    partitions, slot_of = [], {}
    for slot in admitted.slots:
        stack = max(_round_up(by_name[n].entry.stack, STACK_ALIGN) for n in slot)
        arena = max(by_name[n].plan.arena_size for n in slot)
        names = partition_names(slot[0])
        r = pmp_range(names.symbol, stack + arena, gran)
        partitions.append({"symbol": r.symbol, "section": names.input_section, "output_section": names.output_section,
                           "size": r.size, "align": r.align, "napot": int(r.napot), "stack": stack,
                           "members": list(slot)})  # fmt: skip
        for n in slot:
            slot_of[n] = partitions[-1]
    states = {}
    for mb in models:
        d = admitted.demand(mb.entry.name)
        if d.state:
            names = state_names(d.name)
            r = pmp_range(names.symbol, d.state // d.instances, gran)
            states[d.name] = {"symbol": r.symbol, "size": r.size, "align": r.align, "napot": int(r.napot),
                              "instances": d.instances, "section": names.input_section,
                              "output_section": names.output_section}  # fmt: skip
    data_entries = {name: (1 if part["napot"] else 2) + (0 if name not in states else 2 - states[name]["napot"])
                    for name, part in slot_of.items()}  # fmt: skip
    for name, entries in data_entries.items():
        if entries + CODE_ENTRIES > board.pmp_entries:
            raise RvfwError(f"model {name} needs {entries + CODE_ENTRIES} PMP entries; board {board.name} "
                            f"has {board.pmp_entries}")  # fmt: skip
    isolated = isolate and all(n + 2 * CODE_ENTRIES <= board.pmp_entries for n in data_entries.values())
    return {"partitions": partitions, "slot_of": slot_of, "states": states, "isolated": isolated,
            "pmp_entries": board.pmp_entries}  # fmt: skip


CODE_ENTRIES = 3  # code read/execute + constants read-only: two TOR entries sharing their boundary, and the base


def app_sources(app, board, admitted, models, inject_fault=None, preempt=None, log: Log = print,
                optimize: str = "speed") -> firmware.Sources:  # fmt: skip
    """The image's sources: every model, the partition table and dispatcher data, the harness."""
    placed = layout(admitted, models, board)
    if placed["isolated"]:
        log(f"PMP: each model reaches only its own code and constants, the kernels and its memory "
            f"({board.pmp_entries} entries)")  # fmt: skip
    else:
        log(f"PMP: board {board.name}'s {board.pmp_entries} entries leave no room for per-model code ranges: "
            "the models share one code range (read/execute) and one of constants (read)")  # fmt: skip
    banner = emit.app_banner(app, board)
    files: dict[str, str] = {}
    extra_flags: dict[str, list[str]] = {}
    for mb in models:
        files.update(emit.render_model(mb.graph, board, mb.plan, mb.layers, mb.constants, standalone=False))
        target, _sep, kind = (inject_fault or "").partition(":")
        if target == mb.entry.name:
            others = [p for p in placed["partitions"] if mb.entry.name not in p["members"]]
            victim = others[0]["symbol"] if others else "__rvfw_rx_start"
            peers = [other.entry.name for other in models if other is not mb]
            if kind == "peer" and not (placed["isolated"] and peers):
                raise RvfwError(f"--inject-fault {inject_fault}: needs another model and per-model PMP ranges")
            stack = placed["slot_of"][mb.entry.name]["stack"]
            fault = {"model": mb.entry.name, "victim": victim, "layer": len(mb.layers) // 2, "kind": kind or "store",
                     "stack": stack, "peer": peers[0] if peers else None}  # fmt: skip
            files["rvfw_test_hooks.h"] = emit.render_test_hooks(banner, fault)
            extra_flags[f"{mb.graph.name}.c"] = ["-include", "rvfw_test_hooks.h"]  # found on the -I path
    files["app.c"] = emit.render_app(banner, [model_data(mb, placed) for mb in models], placed)
    harness = [_harness_data(mb, k) for k, mb in enumerate(models)]
    preempting = None
    if preempt is not None:
        index = next(i for i, mb in enumerate(models) if mb.entry.name == preempt)
        # About 10 us in: 10,000 instructions under QEMU -icount shift=0 (one per ns), at least a tick.
        ticks = max(1, board.clint_hz // 100_000)
        preempting = {**harness[index], "index": index, "priority": models[index].entry.priority, "ticks": ticks}
    files["main.c"] = emit.render_app_harness(banner, harness, preempting)
    files["rvfw_platform.h"] = emit.render_platform_header(models[0].graph, board)
    sections = partition_sections(placed)
    runtime = [FIRMWARE_DIR / "runtime" / "dispatch.c", *toolchain.USER_MODE_SOURCES]
    if board.clint is not None:
        runtime.append(FIRMWARE_DIR / "runtime" / "clint.c")
    kernels = {k for mb in models for lay in mb.layers for k in lay.kernels}
    isolation = None
    if placed["isolated"]:
        # Objects are matched by file: the kernels' (one .o per kernel) and the C library's and
        # libgcc's members (memcpy, soft-float) are what every model may run.
        shared = [ld_pattern(p) for p in [f"*/obj/{k}.o" for k in sorted(kernels)] + ["*libc.a:*", "*libgcc.a:*"]]
        own = [{"name": mb.entry.name, "file": ld_pattern(f"*/obj/{mb.graph.name}.o")} for mb in models]
        isolation = {"shared": shared, "models": own}
    return firmware.Sources(
        files=files,
        c_files=[f"{mb.graph.name}.c" for mb in models] + ["app.c", "main.c"],
        linker_script=emit.render_linker_script(
            models[0].graph, board, partitions=sections, banner=banner, isolation=isolation
        ),
        kernels=kernels,
        runtime=runtime,
        extra_flags=extra_flags,
        cold_kernels=cold_kernels([mb.layers for mb in models]),
        all_for_size=optimize == "size",
    )


def partition_sections(placed: dict) -> list[dict]:
    """Every PMP-guarded section, the largest alignment first (so little is lost to padding)."""
    return sorted(placed["partitions"] + list(placed["states"].values()), key=lambda p: -p["align"])


def model_data(mb: ModelBuild, placed: dict) -> dict:
    g, name = mb.graph, mb.entry.name
    part = placed["slot_of"][name]
    state = placed["states"].get(name)
    inp, out = g.tensors[g.inputs[0]], g.tensors[g.outputs[0]]
    return {
        "name": name,
        "NAME": name.upper(),
        "priority": mb.entry.priority,
        "instances": mb.entry.instances,
        "partition": part["symbol"],
        "partition_size": part["size"],
        "partition_napot": part["napot"],
        "stack": part["stack"],
        "deadline_ticks": mb.deadline_ticks,
        "state": state,
        "model_state": mb.plan.state_size,  # its variable tensors' bytes (0: stateless)
        "input_offset": mb.plan.tensor_offsets[g.inputs[0]],
        "input_bytes": inp.nbytes,
        "output_offset": mb.plan.tensor_offsets[g.outputs[0]],
        "output_bytes": out.nbytes,
    }


def _harness_data(mb: ModelBuild, index: int) -> dict:
    g = mb.graph
    inp, out = g.tensors[g.inputs[0]], g.tensors[g.outputs[0]]
    storage = "uint32_t" if inp.dtype is DType.FLOAT32 else inp.dtype.c_type

    def lines(values: np.ndarray) -> list[str]:
        values = np.asarray(values, dtype=np.float32).view(np.uint32) if inp.dtype is DType.FLOAT32 else values
        return emit.value_lines(values)

    instances = mb.entry.instances
    more = [{"step": k // instances, "instance": k % instances, "lines": lines(mb.inputs[k])}
            for k in range(1, len(mb.inputs))]  # fmt: skip
    return {
        "index": index,
        "instances": instances,
        "more_runs": more,
        "name": mb.entry.name,
        "NAME": mb.entry.name.upper(),
        "priority": mb.entry.priority,
        "input_type": storage,
        "input_count": inp.num_elements,
        "input_lines": lines(mb.inputs[0]),
        "output_type": "uint32_t" if out.dtype is DType.FLOAT32 else out.dtype.c_type,
        "output_count": out.num_elements,
        "print_as": "f32bits" if out.dtype is DType.FLOAT32 else "int",
    }


STATUS = {0: "ok", 1: "FAULT", 2: "failed earlier", 5: "DEADLINE"}  # rvfw_app.h


def run(
    b: AppBuild, timeout: float = 600.0, log: Log = print, sim: str = "auto"
) -> tuple[SimResult, dict[str, ModelResult]]:
    """Run the image; log every fault and deadline line and the table of models. A run that does
    not end well (a trap in the runtime, a timeout) still reports every model that finished
    before raising."""
    if b.board.user_mode_simulator:
        raise RvfwError(
            f"board {b.board.name}: its simulator runs user-mode programs, and a multi-model image needs "
            "M-mode and PMP: build it and flash it instead"
        )
    console = ""
    try:
        result = run_elf(b.elf, b.board, timeout, sim=sim)
        console = result.console
        results = parse_console(console, b, result.exit_code, result.runner)
    except RvfwError as exc:
        console = exc.console if isinstance(exc, SimTimeout) else console
        finished = parse_console(console, b, 0, "", partial=True)
        _log_events(console, log)
        done = [mb for mb in b.models if mb.entry.name in finished and finished[mb.entry.name].outputs]
        if done:
            log("finished before the run stopped:")
            log(report.table(["model", "priority", "run", "instructions"],
                             [_row(mb, finished[mb.entry.name])[:4] for mb in done], right={1, 3}))  # fmt: skip
        raise
    _log_events(result.console, log)
    rows = [_row(mb, results[mb.entry.name]) for mb in b.models]
    preempted = {name: r for name, r in results.items() if r.preempt_status is not None}
    if preempted:
        for row, mb in zip(rows, b.models):
            r = results[mb.entry.name]
            row.append(
                "-" if r.preempt_status is None
                else "not reached" if r.preempt_status < 0
                else ("ok, same outputs" if r.preempt_same else "ok, outputs DIFFER") if r.preempt_status == 0
                else {4: "busy"}.get(r.preempt_status, f"status {r.preempt_status}")
            )  # fmt: skip
    log(f"ran under {result.runner}:")
    headers = ["model", "priority", "run", "instructions", "dispatched again"]
    log(report.table(headers + (["preempted (run from an interrupt)"] if preempted else []), rows, right={1, 3}))
    return result, results


def _log_events(console: str, log: Log) -> None:
    for line in console.splitlines():
        if line.startswith(("RVFW-FAULT", "RVFW-DEADLINE")):
            log(line)


def _row(mb: ModelBuild, r: ModelResult) -> list:
    again = {**STATUS, 2: "refused (failed)"}.get(r.dispatch_status, str(r.dispatch_status))
    return [mb.entry.name, mb.entry.priority, STATUS.get(r.status, str(r.status)), f"{r.instret:,}", again]


def parse_console(
    console: str, b: AppBuild, exit_code: int, runner: str, partial: bool = False
) -> dict[str, ModelResult]:
    """A multi-model image: `model <m> status S instret N`, `output <m> <kind> <n>: ...`,
    `dispatch <m> status S same B`, `preempt <m> by <m> status S same B`. partial: of a run that
    did not end well, what it printed."""
    graphs = {mb.entry.name: mb.graph for mb in b.models}
    results: dict[str, ModelResult] = {}
    for words, line in records(console, exit_code, runner, partial):
        if words[0] == "model":
            results[words[1]] = ModelResult(int(words[3]), int(words[5]), [], -1, False)
        elif words[0] == "output":
            results[words[1]].outputs.append(output_array(line, words[2], graphs[words[1]], 0))
        elif words[0] == "step" and int(words[3]) != 0:  # step <model> status S: a later step failed
            results[words[1]].status = int(words[3])
        elif words[0] == "preempt":  # preempt <model> by <model> status S same B
            r = results[words[1]]
            r.preempt_status, r.preempt_same = int(words[5]), words[7] == "1"
        elif words[0] == "dispatch":
            r = results[words[1]]
            r.dispatch_status, r.dispatch_same = int(words[3]), words[5] == "1"
    if runner == "qemu":
        # QEMU 7.2 counts the trapping ecall that ends a model's turn as retired; Spike, as the
        # privileged spec says, does not. Leave it out so both simulators give the same counts.
        for r in results.values():
            r.instret -= (r.status == 0) + (r.preempt_status == 0)
    return results


def _references(mb: ModelBuild) -> tuple[list[np.ndarray], str]:
    """The golden outputs in the harness's run order: each instance of a model with state its own
    TFLite Micro interpreter over its steps, the instances interleaved step by step."""
    instances = mb.entry.instances if mb.graph.variables else 1
    per_instance = [golden_outputs(mb.graph, mb.inputs[i::instances]) for i in range(instances)]
    steps = len(mb.inputs) // instances
    ordered = [per_instance[k % instances][0][k // instances] for k in range(steps * instances)]
    return ordered, per_instance[0][1]


def check(b: AppBuild, results: dict[str, ModelResult], log: Log = print) -> bool:
    """Every model that ran must match its golden bit for bit (pipeline.golden_outputs), also when
    dispatched again and when run from an interrupt."""
    ok = True
    for mb in b.models:
        r = results[mb.entry.name]
        if r.status != 0:
            why = "it overran its deadline" if r.status == 5 else "it faulted"
            log(f"{mb.entry.name}: not compared ({why})")
            ok = False
            continue
        reference, against = _references(mb)
        result = golden.compare(r.outputs, reference)
        same = r.dispatch_status == 0 and r.dispatch_same
        preempt_ok = r.preempt_status is None or (r.preempt_status == 0 and r.preempt_same)
        log(
            f"{mb.entry.name}: bit-exact {result.matched}/{result.total} outputs match {against}"
            + ("" if same else "; the dispatched rerun differs")
            + ("" if preempt_ok else "; the preempting run failed or differs")
        )
        ok = ok and result.bit_exact and same and preempt_ok
    return ok
