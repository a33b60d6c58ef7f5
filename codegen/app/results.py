"""Running a multi-model image and judging it: the console's records per model, the table of
runs, and every model's outputs against TFLite Micro's, also when dispatched again and when run
from an interrupt."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from codegen import report
from codegen.app.builds import AppBuild, ModelBuild
from codegen.check import golden
from codegen.check.reference import golden_outputs
from codegen.errors import RvfwError
from codegen.pipeline import Log, verify
from codegen.run.console import output_array, records
from codegen.run.sim import SimResult, SimTimeout, run_elf


@dataclass
class ModelResult:
    status: int
    instret: int
    outputs: list[np.ndarray]
    dispatch_status: int
    dispatch_same: bool
    # --preempt: the preempting model's run from the interrupt during this one (None: not armed,
    # -1: the timer did not fire), and whether its outputs equalled its own run's.
    preempt_status: int | None = None
    preempt_same: bool = False


# rvfw_run()'s results (firmware/include/rvfw_app.h)
OK, FAULT, FAILED, BAD_ARG, BUSY, DEADLINE = 0, 1, 2, 3, 4, 5
STATUS = {OK: "ok", FAULT: "FAULT", FAILED: "failed earlier", DEADLINE: "DEADLINE"}


def run(
    b: AppBuild, timeout: float = 600.0, log: Log = print, sim: str = "auto"
) -> tuple[SimResult, dict[str, ModelResult]]:
    """Run the image; log every fault and deadline line and the table of models. A run that does
    not end well (a trap in the runtime, a timeout) still reports every model that finished
    before raising."""
    if b.board.user_mode_simulator:
        raise RvfwError(
            f"board {b.board.name}: its simulator runs user-mode programs, and a multi-model image needs "
            "M-mode and PMP: build it and flash it instead"
        )
    console = ""
    try:
        result = run_elf(b.elf, b.board, timeout, sim=sim)
        console = result.console
        results = parse_console(console, b, result.exit_code, result.runner)
    except RvfwError as exc:
        console = exc.console if isinstance(exc, SimTimeout) else console
        finished = parse_console(console, b, 0, "", partial=True)
        _log_events(console, log)
        done = [mb for mb in b.models if mb.entry.name in finished and finished[mb.entry.name].outputs]
        if done:
            log("finished before the run stopped:")
            log(report.table(["model", "priority", "run", "instructions"],
                             [_row(mb, finished[mb.entry.name])[:4] for mb in done], right={1, 3}))  # fmt: skip
        raise
    _log_events(result.console, log)
    rows = [_row(mb, results[mb.entry.name]) for mb in b.models]
    preempted = {name: r for name, r in results.items() if r.preempt_status is not None}
    if preempted:
        for row, mb in zip(rows, b.models):
            r = results[mb.entry.name]
            row.append(
                "-" if r.preempt_status is None
                else "not reached" if r.preempt_status < 0
                else ("ok, same outputs" if r.preempt_same else "ok, outputs DIFFER") if r.preempt_status == OK
                else {BUSY: "busy"}.get(r.preempt_status, f"status {r.preempt_status}")
            )  # fmt: skip
    log(f"ran under {result.runner}:")
    headers = ["model", "priority", "run", "instructions", "dispatched again"]
    log(report.table(headers + (["preempted (run from an interrupt)"] if preempted else []), rows, right={1, 3}))
    return result, results


def _log_events(console: str, log: Log) -> None:
    for line in console.splitlines():
        if line.startswith(("RVFW-FAULT", "RVFW-DEADLINE")):
            log(line)


def _row(mb: ModelBuild, r: ModelResult) -> list:
    again = {**STATUS, FAILED: "refused (failed)"}.get(r.dispatch_status, str(r.dispatch_status))
    return [mb.entry.name, mb.entry.priority, STATUS.get(r.status, str(r.status)), f"{r.instret:,}", again]


def parse_console(
    console: str, b: AppBuild, exit_code: int, runner: str, partial: bool = False
) -> dict[str, ModelResult]:
    """A multi-model image: `model <m> status S instret N`, `output <m> <kind> <n>: ...`,
    `dispatch <m> status S same B`, `preempt <m> by <m> status S same B`. partial: of a run that
    did not end well, what it printed."""
    graphs = {mb.entry.name: mb.graph for mb in b.models}
    results: dict[str, ModelResult] = {}
    for words, line in records(console, exit_code, runner, partial):
        if words[0] not in ("model", "output", "step", "preempt", "dispatch") or len(words) < 2:
            continue  # the harness's other lines (begin, end, faults and deadlines: _log_events)
        kind, model = words[0], words[1]
        if kind == "output":  # output <m> <kind> <n>: values
            results[model].outputs.append(output_array(line, words[2], graphs[model], 0))
            continue
        # The other records are `<kind> <m>` then `key value` pairs (preempt: `by <m>` first).
        fields = dict(zip(words[2::2], words[3::2]))
        if kind == "model":
            results[model] = ModelResult(int(fields["status"]), int(fields["instret"]), [], -1, False)
        elif kind == "step" and int(fields["status"]) != OK:  # a later step of a model with state failed
            results[model].status = int(fields["status"])
        elif kind == "preempt":
            r = results[model]
            r.preempt_status, r.preempt_same = int(fields["status"]), fields["same"] == "1"
        elif kind == "dispatch":
            r = results[model]
            r.dispatch_status, r.dispatch_same = int(fields["status"]), fields["same"] == "1"
    if runner == "qemu":
        # QEMU 7.2 counts the trapping ecall that ends a model's turn as retired; Spike, as the
        # privileged spec says, does not. Leave it out so both simulators give the same counts.
        for r in results.values():
            r.instret -= (r.status == OK) + (r.preempt_status == OK)
    return results


def _references(mb: ModelBuild) -> tuple[list[np.ndarray], str]:
    """The golden outputs in the harness's run order: each instance of a model with state its own
    TFLite Micro interpreter over its steps, the instances interleaved step by step."""
    instances = mb.entry.instances if mb.graph.variables else 1
    per_instance = [golden_outputs(mb.graph, mb.inputs[i::instances]) for i in range(instances)]
    steps = len(mb.inputs) // instances
    ordered = [per_instance[k % instances][0][k // instances] for k in range(steps * instances)]
    return ordered, per_instance[0][1]


@dataclass
class AppVerdict:
    """True when every model matched; `mismatched`: the models that ran and whose outputs differ,
    with their comparison."""

    ok: bool
    mismatched: list[tuple[ModelBuild, golden.Comparison]]

    def __bool__(self) -> bool:
        return self.ok


def check(b: AppBuild, results: dict[str, ModelResult], log: Log = print) -> AppVerdict:
    """Every model that ran must match its golden bit for bit (pipeline.golden_outputs), also when
    dispatched again and when run from an interrupt. A model that differs gets the lines a single
    model's check prints (each differing output, then "bit-exact: N/M outputs match ..."), behind
    its name."""
    ok, mismatched = True, []
    for mb in b.models:
        r = results[mb.entry.name]
        if r.status != OK:
            why = "it overran its deadline" if r.status == DEADLINE else "it faulted"
            log(f"{mb.entry.name}: not compared ({why})")
            ok = False
            continue
        reference, against = _references(mb)
        result = verify.verdict(mb.graph, r.outputs, reference, "firmware", against,
                                lambda line, name=mb.entry.name: log(f"{name}: {line}"))  # fmt: skip
        same = r.dispatch_status == OK and r.dispatch_same
        preempt_ok = r.preempt_status is None or (r.preempt_status == OK and r.preempt_same)
        if not same:
            log(f"{mb.entry.name}: the dispatched rerun differs")
        if not preempt_ok:
            log(f"{mb.entry.name}: the preempting run failed or differs")
        if not result.bit_exact:
            mismatched.append((mb, result))
        ok = ok and result.bit_exact and same and preempt_ok
    return AppVerdict(ok, mismatched)
