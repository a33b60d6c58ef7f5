"""`rvfw`: build, run, check, size and plan from the command line."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import traceback
from pathlib import Path

import numpy as np

from codegen import __version__, pipeline, report
from codegen.boards import load_board, timer
from codegen.build.staging import check_out_dir, refuse_inputs_inside
from codegen.check import golden
from codegen.check import layers as check_layers
from codegen.check.reference import is_compressed
from codegen.errors import BudgetError, RvfwError, one_line
from codegen.passes.io import IO_MODES
from codegen.paths import DEFAULT_BOARD, DEFAULT_MODEL
from codegen.report import plot, progress
from codegen.run import board_check, flash
from codegen.run.sim import SIMULATORS, check_run_options

_SUBPARSERS: dict[str, argparse.ArgumentParser] = {}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rvfw", description="Compile a .tflite model into bare-metal RISC-V firmware."
    )
    parser.add_argument("--version", action="version", version=f"rvfw {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    helps = {
        "build": "generate C, compile and size-check the firmware",
        "run": "build, then run the image under the simulator and print the per-layer profile",
        "check": "build and run, then compare the outputs bit for bit with TFLite Micro",
        "size": "build and print the memory table (--json for CI)",
        "plan": "print the arena plan: each tensor's lifetime, offset and size",
        "flash": "build, then write the image to the board with its flash tool (--dry-run prints the commands)",
        "check-board": "build, flash, and compare the board's serial output with TFLite Micro bit for bit",
        "report": "build, run and compare, then write one self-contained HTML page: sizes, the arena plot, the "
        "per-layer profile (time at the board's clock; estimated cycles with --cycles) and every layer's output "
        "against TFLite Micro",
        "admit": "admission of an application's models: the memory table and the degrade ladder, no build",
        "export": "write the model as sources for your own firmware: C files, exactly the kernels they use, a "
        "README with the API and flags (--format adds CMake, a static library, a Zephyr module or an ESP-IDF "
        "component)",
    }
    for name, text in helps.items():
        p = _SUBPARSERS[name] = sub.add_parser(name, help=text, description=text)
        if name in ("run", "check", "report"):
            p.add_argument("--vlen", type=int, default=None, help="simulate another VLEN than the board's")
        if name == "export":  # several models in one export: one header and source each, one set of kernels
            p.add_argument("--model", action="append", default=None,
                           help="path to a .tflite model (default: the bundled example); repeat it to export "
                           "several models for one firmware")  # fmt: skip
        else:
            p.add_argument(
                "--model", default=str(DEFAULT_MODEL), help="path to the .tflite model (default: the bundled example)"
            )
        if name in ("build", "run", "check", "size", "admit", "export"):
            p.add_argument("--app", default=None, help="application manifest: several models in one image")
        if name in ("build", "run", "check"):
            p.add_argument(
                "--inject-fault",
                default=None,
                metavar="MODEL[:ecall]",
                # test hook (MODEL writes outside its partition, or with :ecall ends itself early): off --help
                help=argparse.SUPPRESS,
            )
            p.add_argument(
                "--preempt",
                default=None,
                metavar="MODEL",
                # test hook (MODEL also runs from a timer interrupt inside each lower-priority model): off --help
                help=argparse.SUPPRESS,
            )
        p.add_argument(
            "--board",
            default=None,
            help=f"board name or YAML path (default: {DEFAULT_BOARD}"
            + (", or the --app manifest's)" if name in ("build", "run", "check", "size", "admit", "export") else ")"),
        )
        p.add_argument(
            "--planner",
            default="best",
            help="arena planner: best (default), exact, greedy_by_size, greedy_by_conflicts, first_fit_by_first_use, "
            "no_reuse",
        )
        p.add_argument(
            "--memory",
            default="auto" if name != "plan" else "fast",
            choices=pipeline.MEMORY_MODES if name != "plan" else ("fast", "small", "tiled"),
            help="fast; small: ops in place over inputs that die there; tiled: small, and the first stage streams "
            "a few rows at a time through line buffers"
            + ("; auto: the first of these that fits" if name != "plan" else ""),
        )
        p.add_argument(
            "--kernels", default="auto", choices=pipeline.KERNEL_SETS, help="kernel set (auto: RVV if the board has it)"
        )
        if name in ("build", "run", "check", "size", "plan", "export", "flash", "check-board", "report"):
            p.add_argument(
                "--io",
                default="model",
                choices=IO_MODES,
                help="model (default: its inputs and outputs as they are); int8: leave the model's input QUANTIZE "
                "and output DEQUANTIZE to you, the I/O being the int8 tensors (their scale and zero point in the "
                "API, the manifest and the console); float32: the image quantizes float32 inputs to the model's "
                "int8 ones and dequantizes its int8 outputs",
            )
        if name in ("build", "run", "check", "size", "flash", "check-board", "export", "report"):
            p.add_argument(
                "--optimize",
                default="speed",
                choices=pipeline.OPTIMIZE,
                help="speed (default: -O2, what an inference hardly runs -Os) or size (everything -Os: smaller, "
                "slower kernels)",
            )
        if name in ("build", "run", "check", "size", "plan", "report"):
            p.add_argument(
                "--compress", default=None, choices=("tt",), help="Tensor-Train compress large FULLY_CONNECTED layers"
            )
            p.add_argument(
                "--tt-error",
                type=float,
                default=None,
                help="largest relative weight/output error of a TT layer (default 0.1; layers above stay dense)",
            )
            p.add_argument("--tt-min-params", type=int, default=None, help="smallest layer to compress (default 16384)")
        if name != "plan":
            default_out = "build/export/<model>-<board>" if name == "export" else "build/<board>/<model>"
            p.add_argument("--out", default=None, help=f"output directory (default: {default_out})")
        if name not in ("plan", "admit"):  # the commands that make an input (export: its self-test's)
            p.add_argument("--seed", type=int, default=0, help="seed of the random input (default 0)")
            p.add_argument(
                "--input",
                action="append",
                default=None,
                help="the model's input instead of the seeded random one: one .npy per graph input (repeat the "
                "flag, in input order) or one .npz holding them by name or in order",
            )
            p.add_argument(
                "--steps",
                type=int,
                default=None,
                help="inferences in a row, each on its own seeded input (state carries over); default 1, "
                "3 for a model with state",
            )
        if name in ("build", "run", "check", "flash", "check-board", "report"):
            p.add_argument(
                "--deadline",
                default=None,
                metavar="TIME",
                help="one model: the watchdog stops an inference that takes longer (e.g. 50ms; none: no watchdog; "
                f"default {timer.WATCHDOG_SECONDS:g}s); an application's deadlines are in its manifest",
            )
        if name in ("run", "check", "report"):
            p.add_argument("--timeout", type=float, default=600.0, help="simulator timeout in seconds")
            p.add_argument(
                "--cycles",
                action="store_true",
                help="also estimate cycles per layer from Spike's commit log (vector instructions by the register "
                "groups they occupy; slower)",
            )
            p.add_argument(
                "--sim",
                default="auto",
                choices=SIMULATORS,
                help="simulator of the spike boards: spike, qemu, or auto (Spike when installed, else QEMU); "
                "board-model: the board's Unicorn model (the C906's bare-metal image, with --kernels scalar)",
            )
        if name in ("run", "check", "plan"):
            p.add_argument("--json", action="store_true", help="print the results as JSON only (the same facts as "
                           "the tables: plan; sizes, per-layer profile, outputs; the comparison)")  # fmt: skip
        if name in ("run", "check"):
            p.add_argument("--output", default=None, metavar="FILE.npz",
                           help="save the firmware's outputs (by output name), as --expect reads them")  # fmt: skip
        if name == "check":
            p.add_argument(
                "--expect",
                action="append",
                default=None,
                metavar="FILE",
                help="compare with your own golden instead of TFLite Micro: one .npy per graph output (repeat the "
                "flag, in output order) or one .npz holding them by output name or in order",
            )
            p.add_argument("--with-tflm", action="store_true",
                           help="with --expect: compare with TFLite Micro too (both must match)")  # fmt: skip
            p.add_argument("--writes", action="store_true",
                           help="also check that every layer's kernel stores only into its outputs, scratch, state "
                                "and the stack (the image under Spike's commit log)")  # fmt: skip
            p.add_argument(
                "--layers",
                action="store_true",
                help="also compare every layer's output with TFLite Micro and name the first layer that differs "
                "(done anyway when an output differs)",
            )
        if name == "size":
            p.add_argument("--json", action="store_true", help="print the size report as JSON only")
        if name == "plan":
            p.add_argument("--plot", default=None, help="also draw the fast and small plans into this .svg file")
        if name in ("flash", "check-board"):
            p.add_argument("--port", default=None, help="serial port of the board, e.g. /dev/ttyUSB0")
        if name == "export":
            from codegen.export import FORMATS

            p.add_argument("--format", default="sources", choices=FORMATS, help="what to write (default: sources)")
            p.add_argument("--name", action="append", default=None,
                           help="each --model's C name, its symbols' prefix (default: from the file)")  # fmt: skip
            p.add_argument("--no-selftest", action="store_true",
                           help="leave out <model>_selftest(), its embedded input and expected outputs")  # fmt: skip
        if name == "flash":
            p.add_argument("--dry-run", action="store_true", help="print the flash commands, run nothing")
        if name == "report":
            p.add_argument(
                "--html", default=None, metavar="FILE", help="where to write it (default: <out>/report.html)"
            )
            p.add_argument(
                "--data",
                default=None,
                metavar="SET.npz",
                help="also run this data set (as rvfw validate takes it) and add its accuracy section",
            )
            p.add_argument("--no-layers", action="store_true",
                           help="leave out the layer-by-layer comparison (another build and run)")  # fmt: skip
        if name == "check-board":
            p.add_argument(
                "--gdb",
                default=None,
                metavar="HOST:PORT",
                help="instead of the serial port: a debug probe's GDB server (OpenOCD: localhost:3333); "
                "rvfw loads the image through it, runs it to the end and reads the outputs from the arena",
            )
            p.add_argument("--no-flash", action="store_true", help="the board already runs this image: just reset")
            p.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for the board's output")
    what = ("run a data set (.npz: x = N samples, y = labels) through one image, shared over simulator sessions: "
            "bit-exact count against TFLite Micro, accuracy against the labels")  # fmt: skip
    val = _SUBPARSERS["validate"] = sub.add_parser("validate", help=what, description=what)
    val.add_argument("--model", default=str(DEFAULT_MODEL), help="path to the .tflite model (default: the example)")
    val.add_argument("--data", required=True, help="the data set: .npz with x (N samples) and optionally y (labels)")
    val.add_argument("--board", default=None, help=f"board name or YAML path (default: {DEFAULT_BOARD})")
    val.add_argument("--kernels", default="auto", choices=pipeline.KERNEL_SETS, help="kernel set (default: auto)")
    val.add_argument("--memory", default="auto", choices=pipeline.MEMORY_MODES, help="memory mode (default: auto)")
    val.add_argument("--out", default=None, help="output directory (default: build/<board>/<model>)")
    val.add_argument("--timeout", type=float, default=600.0, help="simulator timeout in seconds")
    val.add_argument("--float-model", default=None, metavar="FLOAT.tflite",
                     help="also the error metrics against this float model on the same samples (RMSE, L2 relative "
                     "error, its top-1 accuracy), as X-CUBE-AI's validate reports them")  # fmt: skip
    val.add_argument("--jobs", type=int, default=None, metavar="N",
                     help="simulator sessions at a time, each running a shard of the samples (default: one per "
                     "core; with --ray, the cluster's CPUs)")  # fmt: skip
    val.add_argument("--ray", default=None, metavar="ADDRESS",
                     help="run the shards on a Ray cluster (pip install 'rvfw[ray]'): its address (ray://host:10001), "
                     "auto (the one running here) or local (start one on this machine)")  # fmt: skip
    val.add_argument("--json", action="store_true", help="print the results as JSON only")
    what = ("what a model costs on a board, without building it: per layer the MACs, weights and activations, "
            "the arena of each memory mode and the time at the board's clock")  # fmt: skip
    ana = _SUBPARSERS["analyze"] = sub.add_parser("analyze", help=what, description=what)
    ana.add_argument("--model", default=str(DEFAULT_MODEL), help="path to the .tflite model (default: the example)")
    ana.add_argument("--board", default=None, help=f"board name or YAML path (default: {DEFAULT_BOARD})")
    ana.add_argument("--json", action="store_true", help="print the results as JSON only")
    what = "the ops rvfw compiles, their dtypes and the kernel sets that run them"
    ops = _SUBPARSERS["ops"] = sub.add_parser("ops", help=what, description=what)
    ops.add_argument("op", nargs="?", default=None, help="only the ops whose name contains this (e.g. CONV)")
    ops.add_argument("--json", action="store_true", help="as JSON: one record per kernel family")
    ops.add_argument(
        "--tflm", action="store_true", help="every (op, dtype) pair TFLite Micro runs, and whether rvfw runs it"
    )
    what = ("every board: ISA, memory, image format, what runs its exact image (or none), flash tool, and when "
            "its image last ran bit-exact here")  # fmt: skip
    boards = _SUBPARSERS["boards"] = sub.add_parser("boards", help=what, description=what)
    boards.add_argument("--json", action="store_true", help="as JSON: one record per board")
    return parser


def _print(text: str) -> int:
    """Print to a reader that may stop reading (`rvfw ops | head`): no BrokenPipeError traceback."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        _quiet_stdout()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # the subcommand's own usage, not the top-level one
        _SUBPARSERS[args.command].error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command == "boards":
        from codegen.report.boards import board_rows, boards_table

        try:
            return _print(json.dumps(board_rows(), indent=2) if args.json else boards_table())
        except RvfwError as exc:  # a broken board file in boards/
            print(f"rvfw: error: {exc}", file=sys.stderr)
            return 2
    if args.command == "ops":
        from codegen.report.tables import ops_rows, ops_table, tflm_rows, tflm_table

        if args.tflm:
            rows = [r for r in tflm_rows() if not args.op or args.op.upper() in r["op"]]
            return _print(json.dumps(rows, indent=2) if args.json else tflm_table(args.op))
        if args.op and not ops_rows(args.op):
            print(f"rvfw: error: no op whose name contains '{one_line(args.op)}' (rvfw ops lists them all)",
                  file=sys.stderr)  # fmt: skip
            return 2
        return _print(json.dumps(ops_rows(args.op), indent=2) if args.json else ops_table(args.op))
    quiet = getattr(args, "json", False)
    log = (lambda _msg: None) if quiet else (lambda msg: print(msg, flush=True))
    if not quiet:  # long steps say what they do (a live line on a terminal, one line each in a log)
        progress.start(log)
    try:
        if args.board is None and not getattr(args, "app", None):
            args.board = DEFAULT_BOARD
        _check_args(args)
        if args.command == "validate":
            from codegen.pipeline.validate import summary, validate

            result = validate(args.model, args.board, Path(args.data), args.out, log, args.kernels, args.memory,
                              args.timeout, args.float_model, args.jobs, args.ray)  # fmt: skip
            print(json.dumps(result.to_json(), indent=2)) if quiet else [log(line) for line in summary(result)]
            return 0 if result.exact == result.samples else 1
        if args.command == "analyze":
            from codegen.pipeline.analyze import analyze, summary

            result = analyze(args.model, args.board, log)
            print(json.dumps(result.to_json(), indent=2)) if quiet else [log(line) for line in summary(result)]
            return 0
        if args.command == "export":
            return _export_command(args, log)
        if getattr(args, "app", None) or args.command == "admit":
            return _app_command(args, log)
        compress = _compression(args)
        if args.command == "plan":
            graph, _board, plan = pipeline.prepare(
                args.model, args.board, args.planner, args.memory, compress=compress, log=log, io=args.io
            )
            if args.json:
                print(json.dumps(report.plan_json(graph, plan), indent=2))
                return 0
            print(report.plan_table(graph, plan))
            if args.plot:
                fast = pipeline.prepare(args.model, args.board, args.planner, "fast")
                small = pipeline.prepare(args.model, args.board, args.planner, "small")
                panels = [("fast (no in-place ops)", fast[2]), ("small (ops in place)", small[2])]
                plot.write_svg(args.plot, small[0], panels)
                print(f"wrote {args.plot}")
            return 0

        def build(dump_layers: bool = False) -> pipeline.Build:
            # Printing every layer costs about a thousand times the inference: the watchdog meant
            # for the inference would stop the image that looks for a difference.
            simulated = args.command in ("run", "check", "report")
            for_simulator = simulated and getattr(args, "sim", "auto") != "board-model"
            options = pipeline.BuildOptions(
                seed=args.seed, inputs=args.input, planner=args.planner, kernels=args.kernels, memory=args.memory,
                compress=compress, for_simulator=for_simulator, steps=args.steps,
                deadline=None if dump_layers else _deadline(args), optimize=args.optimize, dump_layers=dump_layers,
                io=args.io,
            )  # fmt: skip
            return pipeline.build(args.model, args.board, args.out, options, log)

        b = build(getattr(args, "layers", False))
        if args.command == "size":
            if quiet:
                print(json.dumps(b.size.to_json(), indent=2))
            return 0
        if args.command == "build":
            log(f"built {b.elf}" + (f" and {b.image}" if b.image else ""))
            return 0
        if args.command == "report":
            return _report_command(args, b, log)
        if args.command in ("flash", "check-board"):
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
                raise RvfwError(
                    "check-board needs --port (the board's serial port) or --gdb HOST:PORT (a debug "
                    "probe's GDB server, e.g. OpenOCD's localhost:3333)"
                )
            start = (lambda: None) if args.no_flash else (lambda: flash.flash(job, False, log))
            return 0 if board_check.check_board(b, args.port, start, args.timeout, log).bit_exact else 1
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
        return _check_command(args, r, build, log)
    except RvfwError as exc:
        if quiet and isinstance(exc, BudgetError) and exc.report is not None:
            print(json.dumps(exc.report, indent=2))
        print(f"rvfw: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rvfw: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader of stdout went away (`rvfw plan | head -1`): nothing more to say
        _quiet_stdout()
        return 141  # as a shell reports a process ended by SIGPIPE
    except Exception as exc:  # a bug of ours: still one line, and how to report it
        where = traceback.extract_tb(exc.__traceback__)[-1]
        print(
            f"rvfw: internal error: {type(exc).__name__}: {exc} (at {Path(where.filename).name}:{where.lineno}); "
            f"please report it with the command: rvfw {' '.join(argv if argv is not None else sys.argv[1:])}",
            file=sys.stderr,
        )
        return 70


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that Python's own flush at exit does not fail on the closed pipe
    again (and print its own traceback)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass


def _report_command(args, b: pipeline.Build, log) -> int:
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


def _check_command(args, r: pipeline.Run, build, log) -> int:
    """The comparison with the golden; on request (--layers) or on any difference, layer by layer
    (a difference rebuilds the image with its layer outputs printed). A difference is loud: the
    last line says how many outputs differ and which layer differs first."""
    expected = golden.load_expected(r.build.graph, args.expect) if args.expect else None
    label = f"the expected outputs ({', '.join(Path(f).name for f in args.expect)})" if args.expect else ""
    result = pipeline.check(r, log, expected=expected, expected_label=label, with_tflm=args.with_tflm)
    b = r.build
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
            "against": label or "TFLite Micro",
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
        f"{label or 'TFLite Micro'}{where} (rvfw check --layers prints the per-layer table)")  # fmt: skip
    return 1


def _export_command(args, log) -> int:
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


def _check_args(args) -> None:
    """Flags that would otherwise be ignored or misread are refused up front, in one line."""
    if getattr(args, "out", None):
        check_out_dir(Path(args.out))
        # Every file the command reads or writes besides the output folder, checked before anything
        # is written: the build replaces that folder whole (a --expect kept in it would be lost).
        refuse_inputs_inside(Path(args.out), _files_named(args))
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


# Every option that names a file, a folder or a device, declared once with what the command does
# with it (issue 55: `--expect` and then `--float-model` were each missed by the inside-`--out`
# check). Every "read" one is checked against --out before anything is written (_files_named);
# tests/unit/test_file_options.py walks the parser and fails on a path option missing here.
FILE_OPTIONS = {
    "model": "read", "app": "read", "input": "read", "expect": "read", "data": "read", "float_model": "read",
    "board": "read",  # when it names a board file (.yaml or a path), not a board of boards/
    "out": "written", "output": "written", "plot": "written", "html": "written",
    "port": "device", "gdb": "device",
}  # fmt: skip


def _files_named(args) -> list[str]:
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


def _deadline(args) -> float | None:
    """--deadline's seconds (None: no watchdog); the default watchdog where the command has no flag."""
    text = getattr(args, "deadline", None)
    return timer.WATCHDOG_SECONDS if text is None else timer.parse_duration(text, "--deadline")


def _compression(args) -> pipeline.Compression | None:
    if getattr(args, "compress", None) is None:
        if getattr(args, "tt_error", None) is not None or getattr(args, "tt_min_params", None) is not None:
            raise RvfwError("--tt-error and --tt-min-params need --compress tt")
        return None
    options = {"error_budget": args.tt_error, "min_params": args.tt_min_params}
    return pipeline.Compression(args.compress, **{k: v for k, v in options.items() if v is not None})


def _app_command(args, log) -> int:
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
        _app_model_layers(args, b, mb, result, log)
    return 1


def _app_model_layers(args, b, mb, result, log) -> None:
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


if __name__ == "__main__":
    sys.exit(main())
