"""`rvfw`: build, run, check, size and plan from the command line."""

from __future__ import annotations

import argparse
import json
import sys

from . import __version__, pipeline, plot, report
from .errors import BudgetError, RvfwError
from .paths import DEFAULT_BOARD, DEFAULT_MODEL


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
    }
    for name, text in helps.items():
        p = sub.add_parser(name, help=text, description=text)
        if name in ("run", "check"):
            p.add_argument("--vlen", type=int, default=None, help="simulate another VLEN than the board's")
        p.add_argument(
            "--model", default=str(DEFAULT_MODEL), help="path to the .tflite model (default: the bundled example)"
        )
        p.add_argument("--board", default=DEFAULT_BOARD, help=f"board name or YAML path (default: {DEFAULT_BOARD})")
        p.add_argument(
            "--planner",
            default="best",
            help="arena planner: best (default), exact, greedy_by_size, greedy_by_conflicts, first_fit_by_first_use, "
            "no_reuse",
        )
        p.add_argument(
            "--memory",
            default="auto" if name != "plan" else "fast",
            choices=pipeline.MEMORY_MODES if name != "plan" else ("fast", "small"),
            help="fast, small (ops in place over inputs that die there), auto (small only if fast does not fit)",
        )
        p.add_argument(
            "--kernels", default="auto", choices=pipeline.KERNEL_SETS, help="kernel set (auto: RVV if the board has it)"
        )
        if name != "plan":
            p.add_argument("--out", default=None, help="output directory (default: build/<board>/<model>)")
            p.add_argument("--seed", type=int, default=0, help="seed of the random input (default 0)")
            p.add_argument("--input", default=None, help="a .npy input instead of the seeded random one")
        if name in ("run", "check"):
            p.add_argument("--timeout", type=float, default=600.0, help="simulator timeout in seconds")
        if name == "size":
            p.add_argument("--json", action="store_true", help="print the size report as JSON only")
        if name == "plan":
            p.add_argument("--plot", default=None, help="also draw the fast and small plans into this .svg file")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    quiet = getattr(args, "json", False)
    log = (lambda _msg: None) if quiet else (lambda msg: print(msg, flush=True))
    try:
        if args.command == "plan":
            graph, _board, plan = pipeline.prepare(args.model, args.board, args.planner, args.memory)
            print(report.plan_table(graph, plan))
            if args.plot:
                fast = pipeline.prepare(args.model, args.board, args.planner, "fast")
                small = pipeline.prepare(args.model, args.board, args.planner, "small")
                panels = [("fast (no in-place ops)", fast[2]), ("small (ops in place)", small[2])]
                plot.write_svg(args.plot, small[0], panels)
                print(f"wrote {args.plot}")
            return 0
        b = pipeline.build(
            args.model, args.board, args.out, args.seed, args.input, args.planner, log, args.kernels, args.memory
        )
        if args.command == "size":
            if quiet:
                print(json.dumps(b.size.to_json(), indent=2))
            return 0
        if args.command == "build":
            log(f"built {b.elf}")
            return 0
        r = pipeline.run(b, args.timeout, log, args.vlen)
        if args.command == "run":
            return 0
        return 0 if pipeline.check(r, log).bit_exact else 1
    except RvfwError as exc:
        if quiet and isinstance(exc, BudgetError) and exc.report is not None:
            print(json.dumps(exc.report, indent=2))
        print(f"rvfw: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rvfw: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
