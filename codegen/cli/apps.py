"""The application commands: build, run, check, size and admit of an application manifest (or of
one --model for admit), and the single-model rerun that names the first layer that differs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

from codegen import pipeline
from codegen.check import layers as check_layers
from codegen.errors import RvfwError
from codegen.paths import DEFAULT_BOARD


def app_command(args, log) -> int:
    """build/run/check/size/admit of an application manifest (or, for admit, of one --model)."""
    from codegen.app import pipeline as app_pipeline
    from codegen.app.manifest import load_app, single_model_app
    from codegen.boards.board import load_board

    if args.app:
        app = load_app(args.app)
    else:
        app = single_model_app(args.model, re.sub(r"\W", "_", Path(args.model).stem.lower()))
    if args.command == "admit":
        board = load_board(args.board or app.board or DEFAULT_BOARD)
        app_pipeline.admit(app, board, args.planner, args.kernels, log)
        log("admitted")
        return 0
    if args.memory != "auto":
        raise RvfwError("--memory applies to one model; in an application set `memory:` per model")
    for_simulator = args.command in ("run", "check") and getattr(args, "sim", "auto") != "board-model"
    options = pipeline.BuildOptions(
        seed=args.seed, planner=args.planner, kernels=args.kernels, for_simulator=for_simulator,
        optimize=getattr(args, "optimize", "speed"),
    )  # fmt: skip
    hooks = app_pipeline.Hooks(getattr(args, "inject_fault", None), getattr(args, "preempt", None))
    b = app_pipeline.build(app, args.board, args.out, options, log, hooks)
    if args.command == "size":
        if getattr(args, "json", False):
            print(json.dumps(b.size.to_json(), indent=2))
        return 0
    if args.command == "build":
        log(f"built {b.elf}")
        return 0
    _sim, results = app_pipeline.run(b, args.timeout, log, args.sim)
    if args.command == "run":
        return 0 if all(r.status == 0 for r in results.values()) else 1
    verdict = app_pipeline.check(b, results, log)
    if verdict:
        return 0
    for mb, result in verdict.mismatched:  # the per-layer comparison a single model's check makes
        app_model_layers(args, b, mb, result, log)
    return 1


def app_model_layers(args, b, mb, result, log) -> None:
    """One application model whose outputs differ: the model built alone with every layer's output
    printed, on the same board, kernels and inputs, its layers compared with TFLite Micro's; the
    last line is the verdict naming the first layer that differs."""
    name, graph = mb.entry.name, mb.graph
    out = Path(b.out_dir) / f"layers-{name}"
    out.mkdir(parents=True, exist_ok=True)
    files = []
    for k, array in enumerate(mb.inputs[: len(graph.inputs)]):
        files.append(out / f"input_{k}.npy")
        np.save(files[-1], array)
    where = ""
    try:
        log(f"{name}: rebuilding it alone with every layer's output printed")
        memory = mb.entry.memory if mb.entry.memory != "auto" else "fast"
        options = pipeline.BuildOptions(inputs=files, planner=args.planner, kernels=args.kernels, memory=memory,
                                        for_simulator=True, steps=1, deadline=None, dump_layers=True)  # fmt: skip
        single = pipeline.build(mb.entry.model, b.board.name, out / "image", options, lambda _m: None)
        run = pipeline.run(single, args.timeout, lambda _m: None, sim=args.sim)
        first, whose = pipeline.compare_layers(run, log)
        where = f"; the first layer that differs from {whose} is {check_layers.describe(first)}" if first else ""
    except RvfwError as exc:
        where = f"; the per-layer comparison did not run ({exc})"
    log(f"MISMATCH: {name}: {result.total - result.matched:,} of {result.total:,} outputs differ from "
        f"TFLite Micro{where}")  # fmt: skip
