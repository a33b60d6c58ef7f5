"""The command line's checks of its arguments (before anything is written) and the values several
commands derive from them: the files they read, the deadline, the compression."""

from __future__ import annotations

from pathlib import Path

from codegen import pipeline
from codegen.boards import load_board, timer
from codegen.build.staging import check_out_dir, refuse_inputs_inside
from codegen.cli.options import FILE_OPTIONS
from codegen.errors import RvfwError
from codegen.run.sim import check_run_options


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
