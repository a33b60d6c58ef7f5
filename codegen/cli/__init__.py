"""`rvfw`: build, run, check, size and plan from the command line. The parser is a table
(codegen.cli.options), each command a function over the library (codegen.cli.commands for one
model, .apps for applications, .info for the describing commands, .arguments their checks); this
module dispatches and keeps the promise every command makes: an error is one line and a non-zero
exit, never a traceback."""

from __future__ import annotations

import json
import os
import sys
import traceback
from pathlib import Path

from codegen.cli import apps, arguments, commands, info
from codegen.cli.options import make_parser
from codegen.errors import BudgetError, RvfwError
from codegen.paths import DEFAULT_BOARD
from codegen.report import progress

HANDLERS = {
    "boards": info.boards_command,
    "ops": info.ops_command,
    "validate": info.validate_command,
    "analyze": info.analyze_command,
    "export": commands.export_command,
    "admit": apps.app_command,
    "plan": info.plan_command,
    **{name: commands.model_command for name in ("build", "run", "check", "size", "flash", "check-board", "report")},
}
LISTINGS = ("boards", "ops")  # they read no model or board: no progress line, no argument checks


def main(argv: list[str] | None = None) -> int:
    parser, subparsers = make_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # the subcommand's own usage, not the top-level one
        subparsers[args.command].error(f"unrecognized arguments: {' '.join(unknown)}")
    quiet = getattr(args, "json", False)
    log = (lambda _msg: None) if quiet else (lambda msg: print(msg, flush=True))
    if not quiet and args.command not in LISTINGS:  # long steps say what they do (a live line, or one per step)
        progress.start(log)
    try:
        if args.command not in LISTINGS:
            if args.board is None and not getattr(args, "app", None):
                args.board = DEFAULT_BOARD
            arguments.check_args(args)
        return HANDLERS[args.command](args, log)
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
