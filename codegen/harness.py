"""The golden-run harness protocol: what the generated main.c prints and how we read it back."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import RvfwError
from .ir import DType, Graph


@dataclass
class HarnessOutput:
    layer_instret: list[int]
    total_instret: int
    outputs: list[np.ndarray]


def parse_console(console: str, graph: Graph, exit_code: int, runner: str) -> HarnessOutput:
    trap = next((line for line in console.splitlines() if line.startswith("RVFW-TRAP")), None)
    if trap:
        raise RvfwError(f"firmware trapped under {runner}: {trap.removeprefix('RVFW-TRAP ').strip()}")
    if exit_code != 0:
        raise RvfwError(f"firmware exited with code {exit_code} under {runner}")
    if "RVFW-BEGIN" not in console or "RVFW-END" not in console:
        raise RvfwError(f"firmware output under {runner} is incomplete (no RVFW-BEGIN/RVFW-END)")
    body = console.split("RVFW-BEGIN", 1)[1].split("RVFW-END", 1)[0]
    layers, total, outputs = [], 0, []
    for line in body.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] == "layer":
            layers.append(int(words[2]))
        elif words[0] == "total":
            total = int(words[1])
        elif words[0] == "output":
            k, kind = int(words[1]), words[2]
            values = line.split(":", 1)[1].split()
            t = graph.tensors[graph.outputs[k]]
            if kind == "f32bits":
                array = np.array([int(v) for v in values], dtype=np.uint32).view(np.float32)
            else:
                array = np.array(
                    [int(v) for v in values], dtype=t.dtype.np_type if t.dtype is not DType.FLOAT32 else np.int64
                )
            outputs.append(array.reshape(t.shape))
    return HarnessOutput(layers, total, outputs)
