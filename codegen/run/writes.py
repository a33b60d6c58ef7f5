"""The write checker (issue 55): every byte a layer's kernel stores must lie in what the plan gave
that layer, its output tensors, its scratch, the state it keeps, or the stack. A kernel that wrote
past its state (a crafted Signal model made one write 2 MB past a 2-byte buffer) is caught by the
address it stored to, not by a wrong output it may never produce.

The stores come from Spike's commit log of the very image (`mem ADDRESS VALUE` on each store's
commit line, its width from the value's digits), split into layers at the run function's layer
markers as the cycle estimate splits them (report.cycles); the allowed ranges from the plan the
image was built from (tensor offsets in the arena, scratch spans, state offsets) and the image's
symbols (the arena, the state area, the stack). Every step's inference is checked."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from codegen.build.elfinfo import function_range, symbol_address
from codegen.errors import RvfwError, ToolError
from codegen.ir import Graph
from codegen.memplan import MemoryPlan
from codegen.ops.common import Layer
from codegen.run.trace import commit_log

_STORES = ("sb", "sh", "sw", "sd", "c.sw", "c.swsp", "c.sd", "c.sdsp", "fsw", "fsd", "c.fsw", "c.fswsp", "c.fsd")


@dataclass(frozen=True)
class StrayWrite:
    layer: int
    op_index: int
    op: str
    kernel: str
    address: int
    size: int
    pc: int

    def __str__(self) -> str:
        return (f"layer {self.layer} (op #{self.op_index} {self.op}, {self.kernel}) wrote {self.size} byte(s) at "
                f"{self.address:#x} (pc {self.pc:#x}), outside its outputs, scratch, state and the stack")  # fmt: skip


@dataclass
class WriteReport:
    stores: int  # stores checked inside layers
    layer_calls: int  # kernel calls (layers times steps) whose every store was checked
    stray: list[StrayWrite]


def _layer_ops(layer: Layer) -> list[int]:
    ops = [layer.index]
    for child in layer.children:
        ops += _layer_ops(child)
    return ops


def allowed_ranges(graph: Graph, plan: MemoryPlan, layers: list[Layer], arena: int,
                   state: int | None) -> list[list[tuple[int, int]]]:  # fmt: skip
    """Per top-level layer, the [start, end) addresses its kernel may write: its ops' outputs (a
    fused ADD's included: the conv's output is the ADD's), their scratch (own, spare, a control
    op's subgraphs) and the state tensors they read or write."""
    by_index = {op.index: op for op in graph.ops}
    scratch = plan.scratch_spans()
    out: list[list[tuple[int, int]]] = []
    for layer in layers:
        spans: list[tuple[int, int]] = []
        for index in _layer_ops(layer):
            op = by_index.get(index)
            if op is None:
                continue
            for t in (*op.outputs, *op.inputs):
                if t < 0 or t >= len(graph.tensors):
                    continue
                nbytes = graph.tensors[t].nbytes
                if t in op.outputs and t in plan.tensor_offsets:
                    spans.append((arena + plan.tensor_offsets[t], arena + plan.tensor_offsets[t] + nbytes))
                if t in plan.state_offsets and state is not None:
                    spans.append((state + plan.state_offsets[t], state + plan.state_offsets[t] + nbytes))
            spans += [(arena + lo, arena + hi) for lo, hi in scratch.get(index, [])]
            if index in plan.inplace:  # run over its input (from `lead` bytes before it): those bytes are its
                taken = plan.inplace[index]
                if taken.tensor >= 0 and taken.tensor in plan.tensor_offsets:
                    lo = arena + plan.tensor_offsets[taken.tensor] - taken.lead
                    spans.append((lo, lo + taken.lead + graph.tensors[taken.tensor].nbytes))
        out.append(spans)
    return out


def check_writes(elf: Path, graph: Graph, plan: MemoryPlan, layers: list[Layer], spike_command: list[str],
                 steps: int = 1, allowed: list[list[tuple[int, int]]] | None = None,
                 timeout: float = 3600.0) -> WriteReport:  # fmt: skip
    """Run the image under Spike with its commit log and check every store of its `steps`
    inferences' layers (then stop: what the harness prints after is not traced)."""
    if not layers:  # a model of views only: no kernel stores anything
        return WriteReport(0, 0, [])
    arena = symbol_address(elf, f"{graph.name}_arena")
    if arena is None:
        raise RvfwError(f"{elf.name}: no {graph.name}_arena (the write checker reads a one-model harness image)")
    state = symbol_address(elf, f"{graph.name}_state")
    stack = symbol_address(elf, "__stack_bottom"), symbol_address(elf, "__stack_top")
    run = function_range(elf, f"{graph.name}_run")
    if run is None or None in stack:
        raise RvfwError(f"{elf.name}: no {graph.name}_run or stack symbols")
    allowed = allowed if allowed is not None else allowed_ranges(graph, plan, layers, arena, state)
    report = WriteReport(0, 0, [])
    layer, inside, mnemonic, pc = -1, False, "", 0
    deadline = time.monotonic() + timeout
    with commit_log(list(spike_command)) as (lines, proc):
        for line in lines:
            if time.monotonic() > deadline:
                raise ToolError(f"the write check of {elf.name} ran past {timeout:g} s")
            if not line.startswith("core"):
                continue
            fields = line.split(None, 5)
            if len(fields) < 5:
                continue
            if not fields[2].isdigit():  # the instruction line
                pc, mnemonic = int(fields[2], 16), fields[4]
                if mnemonic == "csrr" and line.rstrip().endswith("minstret") and run[0] <= pc < run[1]:
                    if inside:
                        report.layer_calls += 1
                        if report.layer_calls == steps * len(layers):
                            break
                    else:
                        layer += 1
                    inside = not inside
                elif "RVFW-EXIT" in line:
                    break
                continue
            if not inside or " mem " not in line or not (mnemonic in _STORES or mnemonic.startswith("vs")):
                continue
            tokens = line.split()
            for k, token in enumerate(tokens[:-2]):
                if token != "mem":
                    continue
                address, value = int(tokens[k + 1], 16), tokens[k + 2]
                size = max((len(value) - 2) // 2, 1)
                report.stores += 1
                index = layer % len(allowed) if allowed else 0
                if stack[0] <= address and address + size <= stack[1]:
                    continue
                if any(lo <= address and address + size <= hi for lo, hi in allowed[index]):
                    continue
                lay = layers[index]
                report.stray.append(StrayWrite(index, lay.index, lay.op, lay.kernel, address, size, pc))
    if report.layer_calls == 0 and layers:
        raise ToolError(f"spike's commit log of {elf.name} showed no layer (exit {proc.returncode})")
    return report
