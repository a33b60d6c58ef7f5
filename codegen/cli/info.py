"""The commands that describe rather than build: boards, ops, validate, analyze and plan."""

from __future__ import annotations

import json
from pathlib import Path

from codegen import pipeline, report
from codegen.cli.arguments import compression
from codegen.errors import RvfwError, one_line
from codegen.report import plot


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
