"""What each `rvfw` command does, one function per command (or family of commands) over the library:
the pipeline for one model, the application pipeline, export, validate and analyze. The parser is
data (codegen.cli.options); codegen.cli.main dispatches to these and turns errors into one line."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import numpy as np

from codegen import pipeline, report
from codegen.boards import load_board, timer
from codegen.build.staging import check_out_dir, refuse_inputs_inside
from codegen.check import golden
from codegen.check import layers as check_layers
from codegen.check.reference import is_compressed
from codegen.cli.options import FILE_OPTIONS
from codegen.errors import RvfwError, one_line
from codegen.paths import DEFAULT_BOARD, DEFAULT_MODEL
from codegen.report import plot
from codegen.run import board_check, flash
from codegen.run.sim import check_run_options


def emit(text: str) -> int:
    """Print to a reader that may stop reading (`rvfw ops | head`): a BrokenPipeError goes up to
    main, which ends quietly."""
    print(text, flush=True)
    return 0


def boards_command(args, log) -> int:
    from codegen.report.boards import board_rows, boards_table

    return emit(json.dumps(board_rows(), indent=2) if args.json else boards_table())


def ops_command(args, log) -> int:
    from codegen.report.tables import litert_rows, litert_table, ops_rows, ops_table, tflm_rows, tflm_table

    if args.tflm and args.litert:
        raise RvfwError("--tflm and --litert are two tables: ask for one")
    for wanted, rows_of, table_of in ((args.tflm, tflm_rows, tflm_table), (args.litert, litert_rows, litert_table)):
        if wanted:
            rows = [r for r in rows_of() if not args.op or args.op.upper() in r["op"]]
            return emit(json.dumps(rows, indent=2) if args.json else table_of(args.op))
    if args.op and not ops_rows(args.op):
        raise RvfwError(f"no op whose name contains '{one_line(args.op)}' (rvfw ops lists them all)")
    return emit(json.dumps(ops_rows(args.op), indent=2) if args.json else ops_table(args.op))


def validate_command(args, log) -> int:
    from codegen.pipeline.validate import summary, validate

    result = validate(args.model, args.board, Path(args.data), args.out, log, args.kernels, args.memory, args.timeout,
                      args.float_model, args.jobs, args.ray)  # fmt: skip
    _results(args, result.to_json(), summary(result), log)
    return 0 if result.exact == result.samples else 1


def analyze_command(args, log) -> int:
    from codegen.pipeline.analyze import analyze, summary

    result = analyze(args.model, args.board, log)
    _results(args, result.to_json(), summary(result), log)
    return 0


def _results(args, as_json: dict, lines: list[str], log) -> None:
    if args.json:
        print(json.dumps(as_json, indent=2))
    else:
        for line in lines:
            log(line)


def plan_command(args, log) -> int:
    compress = compression(args)
    graph, _board, plan = pipeline.prepare(args.model, args.board, args.planner, args.memory, compress=compress,
                                           log=log, io=args.io)  # fmt: skip
    if args.json:
        print(json.dumps(report.plan_json(graph, plan), indent=2))
        return 0
    print(report.plan_table(graph, plan))
    if args.plot:
        fast = pipeline.prepare(args.model, args.board, args.planner, "fast")
        small = pipeline.prepare(args.model, args.board, args.planner, "small")
        plot.write_svg(args.plot, small[0], [("fast (no in-place ops)", fast[2]), ("small (ops in place)", small[2])])
        print(f"wrote {args.plot}")
    return 0


def model_command(args, log) -> int:
    """build, size, run, check, report, flash and check-board of one model (an --app manifest goes
    to app_command)."""
    if getattr(args, "app", None):
        return app_command(args, log)
    compress = compression(args)

    def build(dump_layers: bool = False) -> pipeline.Build:
        # Printing every layer costs about a thousand times the inference: the watchdog meant
        # for the inference would stop the image that looks for a difference.
        simulated = args.command in ("run", "check", "report")
        for_simulator = simulated and getattr(args, "sim", "auto") != "board-model"
        options = pipeline.BuildOptions(
            seed=args.seed, inputs=args.input, planner=args.planner, kernels=args.kernels, memory=args.memory,
            compress=compress, for_simulator=for_simulator, steps=args.steps,
            deadline=None if dump_layers else deadline_seconds(args), optimize=args.optimize,
            dump_layers=dump_layers, io=args.io,
        )  # fmt: skip
        return pipeline.build(args.model, args.board, args.out, options, log)

    b = build(getattr(args, "layers", False))
    if args.command == "size":
        if args.json:
            print(json.dumps(b.size.to_json(), indent=2))
        return 0
    if args.command == "build":
        log(f"built {b.elf}" + (f" and {b.image}" if b.image else ""))
        return 0
    if args.command == "report":
        return report_command(args, b, log)
    if args.command in ("flash", "check-board"):
        return _flash_command(args, b, log)
    if getattr(args, "expect", None):  # a bad --expect is refused before the run
        golden.load_expected(b.graph, args.expect)
    r = pipeline.run(b, args.timeout, log, args.vlen, sim=args.sim, cycles=args.cycles)
    if args.output:
        golden.save_outputs(Path(args.output), b.graph, r.harness.outputs[-len(b.graph.outputs) :])
        log(f"saved the outputs to {args.output}")
    if args.command == "run":
        if args.json:
            print(json.dumps(_run_json(r), indent=2))
        return 0
    return check_command(args, r, build, log)


def _flash_command(args, b: pipeline.Build, log) -> int:
    job = flash.FlashJob(b.board, b.elf, b.image, args.port)
    if args.command == "flash":
        flash.flash(job, args.dry_run, log)
        return 0
    if args.gdb:
        from codegen.run.gdb_check import check_over_gdb

        if args.port or args.no_flash:
            raise RvfwError("check-board --gdb loads the image itself: no --port or --no-flash with it")
        return 0 if check_over_gdb(b, args.gdb, args.timeout, log).bit_exact else 1
    if not args.port:
        raise RvfwError("check-board needs --port (the board's serial port) or --gdb HOST:PORT (a debug probe's GDB "
                        "server, e.g. OpenOCD's localhost:3333)")  # fmt: skip
    start = (lambda: None) if args.no_flash else (lambda: flash.flash(job, False, log))
    return 0 if board_check.check_board(b, args.port, start, args.timeout, log).bit_exact else 1


def report_command(args, b: pipeline.Build, log) -> int:
    """`rvfw report`: run, compare, and (unless --no-layers) compare every layer from an image that
    prints them; then the HTML page."""
    from concurrent.futures import ThreadPoolExecutor

    from codegen.check import layers as check_layers
    from codegen.check.reference import golden_outputs
    from codegen.pipeline.analyze import layer_costs
    from codegen.report import html

    def layer_run() -> tuple[pipeline.Build, pipeline.Run]:
        options = pipeline.BuildOptions(seed=args.seed, inputs=args.input, planner=args.planner, kernels=args.kernels,
                                        memory=b.memory, for_simulator=True, steps=args.steps, deadline=None,
                                        optimize=args.optimize, dump_layers=True, io=args.io)  # fmt: skip
        dumped = pipeline.build(args.model, args.board, b.out_dir / "layers", options, lambda _m: None)
        return dumped, pipeline.run(dumped, args.timeout, lambda _m: None, args.vlen, sim=args.sim)

    # The image that prints every layer is built and simulated while the measured one runs: the two
    # simulators are processes of their own. TFLite Micro's runs (forked children) come after both.
    with ThreadPoolExecutor(max_workers=1) as pool:
        layers_future = None if args.no_layers else pool.submit(layer_run)
        r = pipeline.run(b, args.timeout, log, args.vlen, sim=args.sim, cycles=args.cycles)
        layered = layers_future.result() if layers_future is not None else None
    result = pipeline.check(r, log)
    _reference, against = golden_outputs(b.graph, b.inputs)
    layer_rows = None
    if layered is not None:
        dumped, dr = layered
        reference = check_layers.reference_tensors(dumped.graph, dumped.inputs, sorted(dr.harness.tensors))
        rows = check_layers.compare_layers(dumped.graph, dumped.layers, dr.harness.tensors, dr.harness.tensor_layers,
                                           reference)  # fmt: skip
        layer_rows = [{"layer": row.layer, "op": row.op, "kernel": row.kernel, "tensor": row.tensor,
                       "dtype": row.dtype, "elements": row.elements, "differ": row.differ,
                       "largest": "-" if not row.differ else f"{row.largest:g}"} for row in rows]  # fmt: skip
    cycles = r.cycles.layers if r.cycles is not None and len(r.cycles.layers) == len(b.layers) else None
    profile = report.profile_json(b.layers, r.harness.layer_instret, r.harness.total_instret)["layers"]
    costs = {c.index: c for c in layer_costs(b.graph)}  # per layer: its flash (weights) and arena bytes
    for k, row in enumerate(profile):
        if cycles is not None:
            row["cycles"] = cycles[k]
        cost = costs.get(b.layers[k].index)
        row["weights_bytes"], row["activation_bytes"] = (cost.weights, cost.activations) if cost else (0, 0)
    verdict = {"bit_exact": result.bit_exact, "matched": result.matched, "total": result.total, "against": against}
    data = html.ReportData(
        model=Path(b.graph.source).name, board=b.board.name, cpu_hz=b.board.cpu_hz, memory=b.memory,
        simulator=r.sim.runner, sizes=b.size.to_json(), layers=profile, total_instructions=r.harness.total_instret,
        total_cycles=r.cycles.total if r.cycles is not None else None, comparison=verdict,
        layer_rows=layer_rows, plot_svg=plot.svg(b.graph, [(f"{b.memory} plan", b.plan)]),
        clock_known=b.board.clock_known, cycles_measured=r.cycles is not None and r.cycles.measured,
    )  # fmt: skip
    if args.data:  # the data set through its own image (validate's: the samples written in, sharded)
        from codegen.pipeline.validate import validate

        progress_only = lambda line: log(line) if line.startswith("validate:") else None  # noqa: E731
        data.accuracy = validate(args.model, args.board, Path(args.data), b.out_dir / "validate", progress_only,
                                 args.kernels, b.memory, args.timeout).to_json()  # fmt: skip
    target = Path(args.html) if args.html else b.out_dir / "report.html"
    target.write_text(html.render(data))
    log(f"wrote {target}")
    return 0 if result.bit_exact else 1


def _plain(value):
    """A numpy scalar or array as JSON takes it (float32 values as floats; NaN as a string)."""
    value = np.asarray(value)
    if value.dtype.kind == "f":
        return [v if np.isfinite(v) else str(v) for v in value.astype(float).reshape(-1).tolist()] if value.ndim \
            else (float(value) if np.isfinite(value) else str(float(value)))  # fmt: skip
    return value.tolist()


def _run_json(r: pipeline.Run) -> dict:
    """`rvfw run --json`: the image, its sizes, the per-layer profile and the outputs."""
    b = r.build
    return {
        "model": str(b.graph.source), "board": b.board.name, "memory": b.memory, "simulator": r.sim.runner,
        "image": str(b.image or b.elf), "arena_bytes": b.plan.arena_size, "size": b.size.to_json(),
        "profile": report.profile_json(b.layers, r.harness.layer_instret, r.harness.total_instret),
        "stack_bytes": r.harness.stack,
        "outputs": [{"shape": list(a.shape), "dtype": str(a.dtype), "values": _plain(a)} for a in r.harness.outputs],
    }  # fmt: skip


def check_command(args, r: pipeline.Run, build, log) -> int:
    """The comparison with the golden; on request (--layers) or on any difference, layer by layer
    (a difference rebuilds the image with its layer outputs printed). A difference is loud: the
    last line says how many outputs differ and which layer differs first."""
    expected = golden.load_expected(r.build.graph, args.expect) if args.expect else None
    label = f"the expected outputs ({', '.join(Path(f).name for f in args.expect)})" if args.expect else ""
    result = pipeline.check(r, log, expected=expected, expected_label=label, with_tflm=args.with_tflm)
    b = r.build
    if not label:  # the reference the verdict named (TFLite Micro, or LiteRT's reference kernels and why)
        from codegen.check.reference import golden_outputs

        label = golden_outputs(b.graph, b.inputs)[1]
    if getattr(args, "writes", False) and pipeline.check_writes(b, log, args.vlen).stray:
        return 1
    exact_image = not b.dumps_layers and (not b.board.user_mode_simulator or args.sim == "board-model")
    if result.bit_exact and expected is None and exact_image:  # `rvfw boards`: when this board's image last ran
        from codegen.report.boards import record_run

        shown = b.image or b.elf
        record_run(b.board, shown, hashlib.sha256(shown.read_bytes()).hexdigest(), Path(b.graph.source).name,
                   args.kernels)  # fmt: skip
    if args.json:
        print(json.dumps({**_run_json(r), "comparison": {
            "bit_exact": result.bit_exact, "matched": result.matched, "total": result.total,
            "against": label,
            "mismatches": [{"output": k, "index": i, "ours": _plain(ours), "reference": _plain(ref)}
                           for k, i, ours, ref in result.mismatches[:100]],
        }}, indent=2))  # fmt: skip
        return 0 if result.bit_exact else 1
    if result.bit_exact and not args.layers:
        return 0
    first, failed = None, ""
    if not is_compressed(r.build.graph):  # a TT graph's golden is numpy's: no per-layer reference
        try:
            if not r.harness.tensors:
                log("an output differs: rebuilding with every layer's output printed (as --layers does)")
                r = pipeline.run(build(True), args.timeout, log, args.vlen, sim=args.sim)
            first = pipeline.compare_layers(r, log)
        except RvfwError as exc:  # the verdict stays the last line, whatever stopped the layer table
            if result.bit_exact:
                raise
            failed = f"; the per-layer comparison did not run ({exc})"
            log(f"the per-layer comparison did not run: {exc}")
    if result.bit_exact:
        return 0
    if first:
        where = f"; the first layer that differs from TFLite Micro is {check_layers.describe(first)}"
    elif args.expect:
        where = "; every layer matches TFLite Micro (your expected outputs differ from TFLite Micro's)"
    else:
        where = failed
    log(f"MISMATCH: {result.total - result.matched:,} of {result.total:,} outputs differ from "
        f"{label}{where} (rvfw check --layers prints the per-layer table)")  # fmt: skip
    return 1


def export_command(args, log) -> int:
    from codegen.export import export_app, export_models

    if args.app:
        if args.name:
            raise RvfwError("--name: an application's models are named by its manifest")
        if args.model:
            raise RvfwError("--model with --app: the manifest names the application's models")
        if args.input or args.steps is not None:
            raise RvfwError("--input and --steps choose a model export's self-test input; an application's "
                            "self-test runs each model on its seeded input (--seed)")  # fmt: skip
        if args.io != "model":
            raise RvfwError("--io is for one model (--model), not an application (--app)")
        options = pipeline.BuildOptions(
            format=args.format, kernels=args.kernels, planner=args.planner, optimize=args.optimize,
            selftest=not args.no_selftest, seed=args.seed or 0,
        )  # fmt: skip
        export_app(args.app, args.board, args.out, options, log)
    else:
        options = pipeline.BuildOptions(
            format=args.format, kernels=args.kernels, memory=args.memory, planner=args.planner, names=args.name,
            optimize=args.optimize, selftest=not args.no_selftest, seed=args.seed, inputs=args.input, steps=args.steps,
            io=args.io,
        )  # fmt: skip
        export_models(args.model or [str(DEFAULT_MODEL)], args.board, args.out, options, log)
    return 0


def check_args(args) -> None:
    """Flags that would otherwise be ignored or misread are refused up front, in one line."""
    if getattr(args, "out", None):
        check_out_dir(Path(args.out))
        # Every file the command reads or writes besides the output folder, checked before anything
        # is written: the build replaces that folder whole (a --expect kept in it would be lost).
        refuse_inputs_inside(Path(args.out), files_named(args))
    if getattr(args, "with_tflm", False) and not getattr(args, "expect", None):
        raise RvfwError("--with-tflm goes with --expect (without it, TFLite Micro is the golden already)")
    if getattr(args, "expect", None) and getattr(args, "steps", None) not in (None, 1):
        raise RvfwError(f"--steps {args.steps} with --expect: the files give one step's outputs")
    if getattr(args, "output", None) and not str(args.output).endswith(".npz"):
        raise RvfwError(f"--output {args.output}: name it .npz")
    if getattr(args, "seed", 0) < 0:
        raise RvfwError(f"--seed {args.seed}: must be 0 or more")
    if args.command in ("run", "check", "report") and not getattr(args, "app", None):  # before building, not after
        check_run_options(load_board(args.board), args.timeout, args.vlen, args.sim)
    if getattr(args, "app", None) and getattr(args, "io", "model") != "model":
        raise RvfwError("--io is for one model (--model), not an application (--app)")
    if getattr(args, "app", None) and getattr(args, "steps", None) is not None:
        raise RvfwError("--steps is for one model (--model), not an application (--app)")
    if getattr(args, "app", None) and getattr(args, "cycles", False):
        raise RvfwError("--cycles is for one model (--model): the estimate follows one harness's layers")
    if getattr(args, "cycles", False) and getattr(args, "sim", "auto") == "qemu":
        raise RvfwError("--cycles reads Spike's commit log: drop --sim qemu")
    if getattr(args, "app", None) and getattr(args, "deadline", None) is not None:
        raise RvfwError("--deadline is for one model (--model); an application's deadlines are its manifest's")
    if getattr(args, "deadline", None) is not None:
        timer.parse_duration(args.deadline, "--deadline")
    if not getattr(args, "app", None):
        for flag in ("inject_fault", "preempt"):
            if getattr(args, flag, None):
                raise RvfwError(f"--{flag.replace('_', '-')} needs --app (it is a multi-model test hook)")


def files_named(args) -> list[str]:
    """The files a command's flags name for it to read (FILE_OPTIONS): models, manifest, inputs,
    expected outputs, the data set, the float model, a board YAML."""
    found: list[str] = []
    for flag, use in FILE_OPTIONS.items():
        value = getattr(args, flag, None)
        if use != "read" or not value:
            continue
        if flag == "board" and not (str(value).endswith((".yaml", ".yml")) or "/" in str(value)):
            continue
        found += [str(v) for v in (value if isinstance(value, list) else [value]) if v]
    return found


def deadline_seconds(args) -> float | None:
    """--deadline's seconds (None: no watchdog); the default watchdog where the command has no flag."""
    text = getattr(args, "deadline", None)
    return timer.WATCHDOG_SECONDS if text is None else timer.parse_duration(text, "--deadline")


def compression(args) -> pipeline.Compression | None:
    if getattr(args, "compress", None) is None:
        if getattr(args, "tt_error", None) is not None or getattr(args, "tt_min_params", None) is not None:
            raise RvfwError("--tt-error and --tt-min-params need --compress tt")
        return None
    options = {"error_budget": args.tt_error, "min_params": args.tt_min_params}
    return pipeline.Compression(args.compress, **{k: v for k, v in options.items() if v is not None})


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
        first = pipeline.compare_layers(pipeline.run(single, args.timeout, lambda _m: None, sim=args.sim), log)
        where = f"; the first layer that differs from TFLite Micro is {check_layers.describe(first)}" if first else ""
    except RvfwError as exc:
        where = f"; the per-layer comparison did not run ({exc})"
    log(f"MISMATCH: {name}: {result.total - result.matched:,} of {result.total:,} outputs differ from "
        f"TFLite Micro{where}")  # fmt: skip
