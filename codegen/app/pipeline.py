"""Several models in one image: admission, PMP partitions, the dispatcher and the golden check.

Each model's arena (with its own stack below it) is a partition; its per-instance state is another.
While a model runs, in U-mode, PMP opens exactly its partition and state for read/write and the
image's code, read-only data and weights for read/execute; everything else faults, and the
dispatcher reports the model by name and keeps the others running.

The stages, one module each: sizing (what each model needs, the budgets, admission's inputs),
layout (partitions and PMP ranges), sources (the image's files), results (run and check);
hooks (what tests make an image do)."""

from __future__ import annotations

import json
from pathlib import Path

from codegen.app import admission
from codegen.app.builds import AppBuild, ModelBuild
from codegen.app.hooks import NO_HOOKS, Hooks
from codegen.app.manifest import App
from codegen.app.results import check, run
from codegen.app.sizing import admit, check_app, limits
from codegen.app.sources import app_sources
from codegen.boards import Board, load_board
from codegen.build import firmware
from codegen.build.staging import check_out_dir, staged
from codegen.check import golden
from codegen.choices import KernelSet, Optimize, Planner, choose
from codegen.errors import RvfwError
from codegen.paths import BUILD_DIR
from codegen.pipeline import DEFAULTS, BuildOptions, Log, MemoryOptions, kernel_set_for, lower

STATE_STEPS = 3  # steps the harness runs of each instance of a model with state


def build(
    app: App,
    board_name: str | None = None,
    out_dir: Path | None = None,
    options: BuildOptions = DEFAULTS,
    log: Log = print,
    hooks: Hooks = NO_HOOKS,
) -> AppBuild:
    """options: seed, planner, kernels, optimize, for_simulator (the image runs on the board's
    simulator: its timer rate sets the deadlines). hooks: what a test makes the image do
    (app.hooks; none by default)."""
    seed, planner, kernels, for_simulator = options.seed, options.planner, options.kernels, options.for_simulator
    optimize = options.optimize
    board, admitted, models = prepare(app, board_name, seed, planner, log, kernels, hooks, for_simulator, optimize)
    out_dir = check_out_dir(Path(out_dir) if out_dir else BUILD_DIR / board.name / f"app-{app.name}")
    with staged(out_dir, [app.source, board.source_file, *(m.model for m in app.models)]) as staging:
        elf, size_report = firmware.build_image(
            board,
            app_sources(app, board, admitted, models, hooks, log, optimize),
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
    planner: Planner | str = Planner.BEST,
    log: Log = print,
    kernels: KernelSet | str = KernelSet.AUTO,
    hooks: Hooks = NO_HOOKS,
    for_simulator: bool = False,
    optimize: Optimize | str = Optimize.SPEED,
) -> tuple[Board, admission.Admission, list[ModelBuild]]:
    """Check the application against its board, admit its models and lower each one (priority
    order), with each one's deadline and smallest stack: what an image or an export is made of.
    (An entry point: the options may be the command line's words.)"""
    optimize = choose(Optimize, optimize, "--optimize")
    board = load_board(board_name or app.board or "spike-rv64gcv")
    check_app(app, board)
    hooks.check(app, board)
    plans: dict[str, MemoryOptions] = {}
    admitted = admit(app, board, planner, kernels, log, plans, optimize)
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
        deadline_ticks = limits(app, m, planned, board, kernel_set, for_simulator, log, optimize)
        layers, constants = lower(planned, board, kernel_set, optimize)
        if len(graph.inputs) != 1 or len(graph.outputs) != 1:
            raise RvfwError(f"{Path(graph.source).name}: models in an application need one input and one output")
        # A model with state runs STATE_STEPS steps of each instance, interleaved: (step, instance) order.
        runs = STATE_STEPS * m.instances if graph.variables else 1
        inputs = [a for k in range(runs) for a in golden.make_inputs(graph, seed + k)]
        models.append(ModelBuild(m, graph, plan, layers, constants, inputs, deadline_ticks))
        hooks.check_model(models[-1])
        log(f"model {m.name} ({Path(graph.source).name}): {len(layers)} kernel calls, arena {plan.arena_size:,}"
            + (f", deadline {deadline_ticks:,} timer ticks" if deadline_ticks else ", no deadline"))  # fmt: skip
    return board, admitted, models


__all__ = ["STATE_STEPS", "AppBuild", "Hooks", "ModelBuild", "admit", "build", "check", "prepare", "run"]
