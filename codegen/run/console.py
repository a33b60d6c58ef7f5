"""The console protocol of rvfw's harnesses: what the generated main.c prints, and how we read it
back. One decoder for one-model and multi-model images: the text between RVFW-BEGIN and
RVFW-END is lines of words; each image kind reads the records it prints."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from codegen.errors import RvfwError
from codegen.ir import DType, Graph


@dataclass
class HarnessOutput:
    layer_instret: list[int]
    total_instret: int
    outputs: list[np.ndarray]
    stack: int | None = None  # the deepest stack an inference used (bytes), when the harness measures it
    # With -DRVFW_DUMP_LAYERS (`rvfw check --layers`): tensor index -> its bytes after the layer that
    # wrote it, in the last step; and the layer that wrote it.
    tensors: dict[int, bytes] = field(default_factory=dict)
    tensor_layers: dict[int, int] = field(default_factory=dict)
    # On a core whose mcycle counts real cycles (RTL boards): per layer, and for one inference.
    layer_cycles: list[int] = field(default_factory=list)
    total_cycles: int | None = None


def raise_on_trap(console: str, runner: str) -> None:
    trap = next((line for line in console.splitlines() if line.startswith("RVFW-TRAP")), None)
    if trap:
        raise RvfwError(f"firmware trapped under {runner}: {trap.removeprefix('RVFW-TRAP ').strip()}")
    overran = next((line for line in console.splitlines() if line.startswith("RVFW-DEADLINE mepc=")), None)
    if overran:
        raise RvfwError(
            f"the watchdog stopped the inference under {runner}: it overran its deadline (--deadline), "
            f"{overran.removeprefix('RVFW-DEADLINE ').strip()}"
        )


def records(console: str, exit_code: int, runner: str, partial: bool = False) -> list[tuple[list[str], str]]:
    """(words, line) of every line between RVFW-BEGIN and RVFW-END, after checking the run ended
    well: no trap, exit code 0, both markers there. partial: whatever complete lines a run that
    did not end well printed after RVFW-BEGIN (to report what finished), checking nothing."""
    if partial:
        body = console.split("RVFW-BEGIN", 1)[1] if "RVFW-BEGIN" in console else ""
        body = body.split("RVFW-END", 1)[0].rsplit("\n", 1)[0]  # no half-printed last line
        return [(line.split(), line) for line in body.splitlines()[1:] if line.split()]
    raise_on_trap(console, runner)
    if exit_code != 0:
        raise RvfwError(f"firmware exited with code {exit_code} under {runner}")
    if "RVFW-BEGIN" not in console or "RVFW-END" not in console:
        raise RvfwError(f"firmware output under {runner} is incomplete (no RVFW-BEGIN/RVFW-END)")
    body = console.split("RVFW-BEGIN", 1)[1].split("RVFW-END", 1)[0]
    return [(line.split(), line) for line in body.splitlines() if line.split()]


def output_array(line: str, kind: str, graph: Graph, k: int) -> np.ndarray:
    """Output k from its `output ... <kind> <count>: v v v` line: int values, or float bit patterns."""
    values = line.split(":", 1)[1].split()
    t = graph.tensors[graph.outputs[k]]
    if kind == "f32bits":
        array = np.array([int(v) for v in values], dtype=np.uint32).view(np.float32)
    else:
        array = np.array([int(v) for v in values], dtype=t.dtype.np_type if t.dtype is not DType.FLOAT32 else np.int64)
    return array.reshape(t.shape)


def parse_console(console: str, graph: Graph, exit_code: int, runner: str) -> HarnessOutput:
    """A one-model image: `layer <i> <instret>`, `total <instret>`, `output <k> <kind> <n>: ...`; on an
    RTL board also `cycles <i> <mcycle>` and `total-cycles <mcycle>`."""
    layers, total, outputs, stack = [], 0, [], None
    tensors, tensor_layers = {}, {}
    cycles, total_cycles = [], None
    for words, line in records(console, exit_code, runner):
        if words[0] == "tensor":  # a later step's dump replaces an earlier one's
            tensors[int(words[2])] = bytes.fromhex(words[3]) if len(words) > 3 else b""
            tensor_layers[int(words[2])] = int(words[1])
        elif words[0] == "layer":
            layers.append(int(words[2]))
        elif words[0] == "total":
            total = int(words[1])
        elif words[0] == "cycles":
            cycles.append(int(words[2]))
        elif words[0] == "total-cycles":
            total_cycles = int(words[1])
        elif words[0] == "stack":
            stack = int(words[1])
        elif words[0] == "output":
            outputs.append(output_array(line, words[2], graph, int(words[1])))
    return HarnessOutput(layers, total, outputs, stack, tensors, tensor_layers, cycles, total_cycles)
