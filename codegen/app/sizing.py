"""What each model of an application needs, and what the board offers it: the sizes admission
decides from (weights from lowering, the arena of each memory option), the budgets per region,
and each model's stack floor and deadline, measured on the board's simulator."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from codegen.app import admission, measure
from codegen.app.manifest import App, AppModel
from codegen.boards import Board, timer
from codegen.choices import PLANNED_MODES, KernelSet, MemoryMode, Optimize, Planner, choose
from codegen.errors import RvfwError, ToolError
from codegen.pipeline import Compression, Log, MemoryOptions, Planned, arena_budget, kernel_set_for, load, lower

MAX_MODELS = 32  # the dispatcher's tables
# Partition and state (each at most a TOR pair), code + constants (three); least privilege adds
# three more for the model's own code and constants where the board has them.
PMP_ENTRIES_PER_MODEL_MAX = 7
STACK_ALIGN = 16
MIN_STACK_UNMEASURED = 256  # bytes: the floor where no simulator can measure a model's stack


def round_up(n: int, to: int) -> int:
    return -(-n // to) * to


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
    app: App,
    board: Board,
    planner: str,
    kernels: str,
    log: Log,
    plans: dict[str, MemoryOptions] | None = None,
    optimize: Optimize = Optimize.SPEED,
) -> admission.Admission:
    """Size every model (weights from lowering, arenas under each memory option) and admit them.
    plans: filled with each model's memory options, parsed once and planned once per option, for
    the build to reuse."""
    kernel_set = kernel_set_for(board, kernels) if any(m.model for m in app.models) else KernelSet.REF
    planner, optimize = choose(Planner, planner, "planner"), choose(Optimize, optimize, "--optimize")
    plans = {} if plans is None else plans
    sized: dict[str, dict] = {}
    io_bytes = 0
    for m in app.models:
        if m.model is None:
            sized[m.name] = {"weights": m.sizes["weights"], "options": [("given", m.sizes["arena"])]}
            continue
        graph = replace(load(m.model, board, compression(m), log), name=m.name)
        plans[m.name] = MemoryOptions(graph, board, planner, kernel_set=kernel_set)
        memory = choose(MemoryMode, m.memory, "memory")
        modes = list(PLANNED_MODES) if memory is MemoryMode.AUTO else [memory]
        options = []
        for mode in modes:
            planned = plans[m.name].get(mode)
            if not options or planned.plan.arena_size < options[-1][1]:
                options.append((mode, planned.plan.arena_size))
        first = plans[m.name].get(modes[0])
        _layers, constants = lower(first, board, kernel_set, optimize)
        weights = sum(c.values.nbytes for c in constants)
        io_bytes += sum(graph.tensors[i].nbytes for i in graph.outputs)
        # The model's own state (variable tensors) is each instance's state, beside any the manifest adds.
        sized[m.name] = {"weights": weights, "options": options, "state": first.plan.state_size}
    totals, placement = budgets(app, board, io_bytes)
    demands = []
    for m in app.models:
        (label, arena), *smaller = sized[m.name]["options"]
        stack = round_up(m.stack, STACK_ALIGN) if m.model else m.stack
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


def limits(
    app: App,
    m: AppModel,
    planned: Planned,
    board: Board,
    kernel_set: KernelSet,
    for_simulator: bool,
    log: Log,
    optimize: Optimize = Optimize.SPEED,
) -> int:
    """The model's deadline in timer ticks (0: none), after refusing a stack below what it was
    measured to use. Measuring runs the model alone on the board's simulator (cached)."""
    where = f"{Path(app.source).name}: {m.name}"
    measured = None
    if measure.measurable(board):
        try:
            measured = measure.measure(planned, board, kernel_set, optimize)
        except ToolError as exc:  # no simulator installed here: build anyway, unmeasured
            log(f"{where}: not measured on the simulator ({exc}): stack floor {MIN_STACK_UNMEASURED} B, "
                "no default deadline")  # fmt: skip
    smallest = round_up(measured.stack + measure.STACK_MARGIN, STACK_ALIGN) if measured else MIN_STACK_UNMEASURED
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
