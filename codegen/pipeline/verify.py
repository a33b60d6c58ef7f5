"""Run and compare: the image on its simulator, its console decoded, and its outputs against
the golden (TFLite Micro's, the TT numpy reference's, or the user's --expect), layer by layer
when asked."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from codegen import report
from codegen.check import golden, tt_accuracy
from codegen.check import layers as check_layers
from codegen.check.reference import golden_outputs, inlined_note, is_compressed, tflm_wrong_note
from codegen.errors import RvfwError, one_line
from codegen.ir import Graph
from codegen.pipeline.image import Build
from codegen.pipeline.loading import Log
from codegen.report import progress
from codegen.report.cycles import CycleEstimate
from codegen.run.console import HarnessOutput, parse_console
from codegen.run.sim import SimResult, run_elf


@dataclass
class Run:
    build: Build
    sim: SimResult
    harness: HarnessOutput
    cycles: CycleEstimate | None = None  # with run(cycles=True)


def run(
    b: Build,
    timeout: float = 600.0,
    log: Log = print,
    vlen: int | None = None,
    count: bool = True,
    sim: str = "auto",
    cycles: bool = False,
) -> Run:
    """count: under a user-mode simulator, count instructions from a trace (slower). sim: spike, qemu or auto.
    cycles: also estimate cycles per layer (codegen.report.cycles) from a traced Spike run."""
    with progress.step(f"simulate ({b.board.name})"):
        result = run_elf(b.elf, b.board, timeout, vlen, count, sim)
    harness = parse_console(result.console, b.graph, result.exit_code, result.runner)
    if result.layer_instret is not None:
        harness.layer_instret, harness.total_instret = result.layer_instret, result.total_instret
    elif b.board.console == "linux":
        harness.layer_instret = []
    stack = f", {harness.stack:,} bytes of stack at the deepest" if harness.stack else ""
    if b.dumps_layers:  # printing every layer's output costs far more than the inference itself
        log(f"ran under {result.runner} with every layer's output printed (rvfw check --layers): instruction "
            "counts are not the inference's; rvfw run or check without --layers counts it")  # fmt: skip
    else:
        log(f"ran under {result.runner}: {harness.total_instret:,} instructions for one inference{stack}")
    estimate = None
    measured = harness.total_cycles is not None and not b.dumps_layers
    if measured:
        cpi = harness.total_cycles / max(harness.total_instret, 1)
        log(f"{harness.total_cycles:,} cycles for one inference on {result.runner}: "
            f"{report.milliseconds(harness.total_cycles, b.board)} (CPI {cpi:.2f})")  # fmt: skip
    if cycles:
        from codegen.run.trace import estimate_cycles

        try:
            estimate = estimate_cycles(b.elf, b.board, b.graph.name, vlen, b.steps)
        except RvfwError as exc:
            if not measured:  # nothing else to show
                raise
            log(f"no cycle estimate beside the RTL's count: {exc}")
    if measured and estimate is not None:  # the estimate beside the core's own count: its error
        error = 100.0 * (estimate.total - harness.total_cycles) / max(harness.total_cycles, 1)
        log(f"cycle estimate (the board's documented timings): {estimate.total:,} cycles, {error:+.1f}% against "
            "the RTL")  # fmt: skip
    if measured:
        estimate = CycleEstimate(harness.total_cycles, harness.layer_cycles, harness.total_instret, measured=True)
    elif estimate is not None:
        dlen = b.board.dlen
        scalar = " (the core's documented timings)" if b.board.core.get("timings") else " (scalar: one cycle each)"
        log(f"cycle estimate: {estimate.total:,} cycles, {estimate.vector_instructions:,} of the instructions vector"
            + (f" (VLEN {vlen or b.board.vlen}, DLEN {dlen})" if dlen else scalar))  # fmt: skip
    if not b.dumps_layers:
        log(report.profile_table(b.layers, harness.layer_instret, harness.total_instret, estimate))
    per_step = max(len(b.graph.outputs), 1)
    for k, array in enumerate(harness.outputs):
        shown = np.array2string(array.reshape(-1)[:16], separator=", ", threshold=16)
        more = f" ... ({array.size} values)" if array.size > 16 else ""
        # several inferences in a row: each step's outputs, numbered as the model numbers them
        step = f"step {k // per_step} " if len(harness.outputs) > per_step else ""
        log(f"{step}output {k % per_step} {'x'.join(map(str, array.shape))} {array.dtype}: {shown}{more}")
    return Run(b, result, harness, estimate)


def check(
    r: Run, log: Log = print, accuracy: bool = True, expected: list[np.ndarray] | None = None,
    expected_label: str = "the expected outputs", with_tflm: bool = False,
) -> golden.Comparison:  # fmt: skip
    """Bit-exact comparison with the golden: TFLite Micro's outputs (for a TT-compressed graph its
    numpy reference), or the user's expected outputs (--expect), or both (with_tflm); for a
    TT-compressed graph (accuracy=True) also the accuracy cost against the original model."""
    b = r.build
    if expected is None:
        return compare(b.graph, b.inputs, r.harness.outputs, "firmware", log, accuracy)
    last = r.harness.outputs[-len(b.graph.outputs) :] if r.harness.outputs else []
    result = verdict(b.graph, last, expected, "firmware", expected_label, log)
    if with_tflm:
        against_tflm = compare(b.graph, b.inputs, r.harness.outputs, "firmware", log, accuracy)
        return golden.Comparison(result.matched + against_tflm.matched, result.total + against_tflm.total,
                                 result.mismatches + against_tflm.mismatches,
                                 result.per_output + against_tflm.per_output)  # fmt: skip
    return result


def compare_layers(r: Run, log: Log = print):
    """Every layer's output against the reference's value of the same tensor (the build dumped them:
    build(..., dump_layers=True)): the table, and the first layer that differs (check.layers.Row)
    or None when every layer matches, with the reference's name."""
    b = r.build
    if not r.harness.tensors:
        raise RvfwError("the image prints no layer outputs: build it with dump_layers (rvfw check --layers)")
    reference, whose = check_layers.reference_tensors(b.graph, b.inputs, sorted(r.harness.tensors))
    rows = check_layers.compare_layers(b.graph, b.layers, r.harness.tensors, r.harness.tensor_layers, reference)
    log(report.layers_check_table(rows, whose))
    first = check_layers.first_difference(rows)
    log(f"first layer that differs: {check_layers.describe(first)}" if first else f"every layer matches {whose}")
    return first, whose


def compare(
    graph: Graph, inputs: list[np.ndarray], outputs: list[np.ndarray], whose: str, log: Log, accuracy: bool = True
) -> golden.Comparison:
    with progress.step("TFLite Micro golden"):
        reference, against = golden_outputs(graph, inputs)
    for note in (inlined_note(graph), tflm_wrong_note(graph)):
        if note:
            log(note)
    result = verdict(graph, outputs, reference, whose, against, log)
    if accuracy and is_compressed(graph):
        log(tt_accuracy.accuracy_line(tt_accuracy.accuracy_cost(graph)))
    return result


def verdict(graph: Graph, outputs: list[np.ndarray], reference: list[np.ndarray], whose: str, against: str,
            log: Log) -> golden.Comparison:  # fmt: skip
    """One line per differing output (how many values differ, the first one), then the total."""
    result = golden.compare(outputs, reference)
    per_graph = max(len(graph.outputs), 1)
    for k, (matched, total) in enumerate(result.per_output):
        if matched == total:
            continue
        first = next(m for m in result.mismatches if m[0] == k)
        name = one_line(graph.tensors[graph.outputs[k % per_graph]].name)
        step = f" (step {k // per_graph})" if len(result.per_output) > per_graph else ""
        log(f"mismatch: output {k % per_graph} '{name}'{step}: {total - matched:,} of {total:,} values differ; "
            f"first at [{first[1]}]: {whose} {first[2]}, {against} {first[3]}")  # fmt: skip
    log(f"bit-exact: {result.matched}/{result.total} outputs match {against}")
    return result


def check_writes(b: Build, log: Log = print, vlen: int | None = None):
    """The write checker (run.writes) on the build's image under Spike: every store of every
    layer inside that layer's outputs, scratch, state or the stack. Returns the WriteReport."""
    from codegen.run.trace import spike_command_for
    from codegen.run.writes import check_writes as run_checker

    with progress.step("write check (Spike commit log)"):
        report = run_checker(b.elf, b.graph, b.plan, b.layers, spike_command_for(b.elf, b.board, vlen), b.steps)
    if report.stray:
        for stray in report.stray[:5]:
            log(f"STRAY WRITE: {stray}")
        more = f" (and {len(report.stray) - 5:,} more)" if len(report.stray) > 5 else ""
        log(f"write check: {len(report.stray):,} of {report.stores:,} stores outside their layer's buffers{more}")
    else:
        log(f"write check: {report.stores:,} stores in {report.layer_calls:,} kernel calls, every one inside its "
            "layer's outputs, scratch, state or the stack")  # fmt: skip
    return report
