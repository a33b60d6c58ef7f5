"""The ops rvfw compiles: one module per op kind (or closely related kinds), each owning its whole
Python story: `check` (refuse what its kernels cannot run), `macs`, `inplace` (which input it may
overwrite and the scratch its in-place kernel needs), its kernel families (`FAMILIES`, see
ops.kernels) and `lower` (one Layer: a kernel call with literal arguments).

Adding an op: a module here (found by its KINDS), its kernels in firmware/kernels/ with their
declarations in firmware/include/rvfw_kernels.h, and a single-op test model (see
docs/architecture.md)."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

from codegen.errors import ModelError, summarize
from codegen.ir import Graph, Op, OpKind
from codegen.ops import float32, int16
from codegen.ops.common import ConstArray, Layer, LowerContext, cold_kernels
from codegen.ops.kernels import Family


def _op_modules() -> tuple[ModuleType, ...]:
    """Every module of this package that defines KINDS is an op: found, not listed by hand."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "KINDS"):
            found.append(module)
    return tuple(found)


MODULES = _op_modules()
OPS: dict[OpKind, ModuleType] = {kind: module for module in MODULES for kind in module.KINDS}


def op_module(op: Op) -> ModuleType:
    return OPS[op.kind]


def module_for(graph: Graph, op: Op) -> ModuleType:
    """The module that checks and lowers this op: its kind's, or ops.float32 / ops.int16 for an op
    of a float or 16x8 model."""
    if op.kind in float32.KINDS_SUPPORTED and float32.is_float(graph, op):
        return float32
    if op.kind in int16.KINDS_SUPPORTED and int16.is_int16(graph, op):
        return int16
    return OPS[op.kind]


def families() -> list[Family]:
    """Every kernel family of every op (the registry, for `rvfw ops` and tests)."""
    return [f for module in (*MODULES, float32, int16) for f in module.FAMILIES]


def check_graph(graph: Graph) -> None:
    """Every op's own check, before anything is written: one ModelError naming the op when one
    fails, or one line listing every op rvfw cannot compile and why when several do."""
    failures: list[ModelError] = []
    for op in graph.ops:
        try:
            module_for(graph, op).check(graph, op)
        except ModelError as exc:
            failures.append(exc)
    if failures:  # one form for one problem or many: what, then the ops it affects
        raise ModelError(Path(graph.source).name, f"not supported: {summarize(failures, '; ')}")


def macs(graph: Graph, op: Op) -> int:
    return module_for(graph, op).macs(graph, op)


def inplace_candidates(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """(input tensor it may overwrite or -1, scratch bytes), in order of preference."""
    module = module_for(graph, op)
    return module.inplace(graph, op) if module not in (float32, int16) else []


def scratch_bytes(graph: Graph, op: Op) -> int:
    """Scratch an op's kernel needs in every memory mode (a module's `scratch`, e.g. the LSTM's
    gate buffers), beside any its in-place kernel asks for."""
    scratch = getattr(module_for(graph, op), "scratch", None)
    return scratch(graph, op) if scratch else 0


def spare_scratch_bytes(graph: Graph, op: Op) -> int:
    """Scratch an op's fast kernel can use to run faster but does without (a module's
    `spare_scratch`, e.g. the fast scalar convolution's im2col columns): the planner gives it only where it
    does not grow the arena (whatever the kernel set: it is free), the lowering passes NULL where
    it got none."""
    spare = getattr(module_for(graph, op), "spare_scratch", None)
    return spare(graph, op) if spare else 0


def lower_graph(
    graph: Graph, plan, kernels: str = "ref", vlen: int = 128, vector_caps: frozenset[str] = frozenset({"f32", "e64"})
) -> tuple[list[Layer], list[ConstArray]]:
    """One Layer per kernel call, from the requested kernel set where it has one (ops.kernels.pick
    falls back with a note); ops the plan runs in place get their in-place kernels."""
    ctx = LowerContext(graph, plan, kernels, vlen, vector_caps)
    layers = []
    for op in graph.ops:
        lowered = module_for(graph, op).lower(ctx, op)  # None (a view), a Layer, or several (one per input)
        layers += [] if lowered is None else lowered if isinstance(lowered, list) else [lowered]
    # Lowerings may look at a tensor's raw weights and then emit a repacked copy: keep what is called with.
    used = {a.name for layer in layers for call in _calls(layer) for a in call.args if a.kind == "const"}
    return layers, [c for c in ctx.constants.values() if c.name in used]


def _calls(layer: Layer) -> list[Layer]:
    return [layer, *(layer.stage.members if layer.stage else [])]


__all__ = [
    "MODULES",
    "OPS",
    "ConstArray",
    "Layer",
    "LowerContext",
    "check_graph",
    "cold_kernels",
    "families",
    "inplace_candidates",
    "lower_graph",
    "macs",
    "scratch_bytes",
    "spare_scratch_bytes",
    "op_module",
]
