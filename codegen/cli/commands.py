"""What each `rvfw` command does, one function per command (or family of commands) over the library:
the pipeline for one model, the application pipeline, export, validate and analyze. The parser is
data (codegen.cli.options); codegen.cli.main dispatches to these and turns errors into one line."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

from codegen import pipeline, report
from codegen.check import golden
from codegen.check import layers as check_layers
from codegen.check.reference import is_compressed
from codegen.cli.apps import app_command
from codegen.cli.arguments import compression, deadline_seconds
from codegen.errors import RvfwError
from codegen.paths import DEFAULT_MODEL
from codegen.report import plot
from codegen.run import board_check, flash


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
        reference, _whose = check_layers.reference_tensors(dumped.graph, dumped.inputs, sorted(dr.harness.tensors))
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
    first, whose, failed = None, "TFLite Micro", ""
    if not is_compressed(r.build.graph):  # a TT graph's golden is numpy's: no per-layer reference
        try:
            if not r.harness.tensors:
                log("an output differs: rebuilding with every layer's output printed (as --layers does)")
                r = pipeline.run(build(True), args.timeout, log, args.vlen, sim=args.sim)
            first, whose = pipeline.compare_layers(r, log)
        except RvfwError as exc:  # the verdict stays the last line, whatever stopped the layer table
            if result.bit_exact:
                raise
            failed = f"; the per-layer comparison did not run ({exc})"
            log(f"the per-layer comparison did not run: {exc}")
    if result.bit_exact:
        return 0
    if first:
        where = f"; the first layer that differs from {whose} is {check_layers.describe(first)}"
    elif args.expect:
        where = f"; every layer matches {whose} (your expected outputs differ from {whose}'s)"
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
